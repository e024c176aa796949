import Foundation

/// Which file is at a path: a trace written by the program is a new file (renamed into place),
/// or at least a changed one.
struct FileIdentity: Equatable {
    let device: UInt64
    let inode: UInt64
    let modified: Int
    let modifiedNanoseconds: Int
    let size: Int

    /// The file at `path`, or `nil` when there is none.
    init?(path: String) {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
        #if canImport(Darwin)
        modified = Int(status.st_mtimespec.tv_sec)
        modifiedNanoseconds = Int(status.st_mtimespec.tv_nsec)
        #else
        modified = Int(status.st_mtim.tv_sec)
        modifiedNanoseconds = Int(status.st_mtim.tv_nsec)
        #endif
        size = Int(status.st_size)
    }
}
