import Foundation

/// The bytes of the file at `path`.
func readBytes(_ path: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
}

/// Writes `bytes` to a new file at `path`, removing any file there first.
///
/// Removing rather than truncating, and not syncing, keeps thousands of small writes fast:
/// ext4 flushes a file that is truncated and written again when it is closed.
func writeBytes(_ bytes: [UInt8], to path: String) throws {
    _ = unlink(path)
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    defer { close(descriptor) }
    try bytes.withUnsafeBytes { raw in
        var done = 0
        while done < raw.count {
            let written = write(descriptor, raw.baseAddress! + done, raw.count - done)
            guard written > 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
            done += written
        }
    }
}

/// Writes `bytes` over the start of the existing file at `path` without truncating it first
/// (rewriting a file of the same size this way avoids the flush that ext4 forces when a
/// truncated file is written again).
func overwriteBytes(_ bytes: [UInt8], at path: String) throws {
    guard let handle = FileHandle(forWritingAtPath: path) else {
        throw CocoaError(.fileNoSuchFile)
    }
    defer { try? handle.close() }
    try handle.write(contentsOf: Data(bytes))
}
