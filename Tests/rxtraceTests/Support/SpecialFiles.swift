import Foundation
import TestSupport
import Testing

/// Real FIFOs, device nodes and leftover partial files in a test's own folder: never the
/// system's devices.
enum SpecialFiles {
    /// What kind of file `path` is, without following a link: `S_IFREG`, `S_IFDIR`, ...;
    /// `nil` when nothing is there.
    static func kind(_ path: String) -> mode_t? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        return status.st_mode & S_IFMT
    }

    /// The device number of the node at `path`.
    static func deviceNumber(_ path: String) -> UInt64? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        return UInt64(status.st_rdev)
    }

    /// `makedev(1, 3)`, the numbers of the null device, in Linux's encoding.
    static let nullDeviceNumber: UInt64 = (1 << 8) | 3

    /// Makes a character device with the null device's numbers at `path` (inside a test's
    /// folder); `false` when this process may not (not root), so the caller skips that part.
    static func makeNullDevice(at path: String) -> Bool {
        guard getuid() == 0 else { return false }
        return mknod(path, S_IFCHR | 0o666, dev_t(nullDeviceNumber)) == 0
    }

    /// The id of a process that has ended (a `/bin/true` run to its end).
    static func endedProcessID() throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/true")
        try process.run()
        process.waitUntilExit()
        return process.processIdentifier
    }

    /// The trace file signature.
    static let traceSignature: [UInt8] = [0x89, 0x52, 0x58, 0x54, 0x52, 0x41, 0x43, 0x45]

    /// Whether the file at `path` starts with the trace file signature.
    static func isTrace(_ path: String) -> Bool {
        guard let data = FileManager.default.contents(atPath: path) else { return false }
        return Array(data.prefix(8)) == traceSignature
    }
}

/// Reads everything written into a FIFO, on its own thread, so that a writer's open does not
/// wait forever.
final class FIFOReader: Sendable {
    private let path: String
    private let received = Locked(Data())
    private let finished = Locked(false)

    /// Starts reading the FIFO at `path`.
    init(path: String) {
        self.path = path
        let thread = Thread { [received, finished] in
            if let handle = FileHandle(forReadingAtPath: path) {
                let data = handle.readDataToEndOfFile()
                received.withLock { $0 = data }
            }
            finished.withLock { $0 = true }
        }
        thread.start()
    }

    /// What was read once the writer closed its end, or what came within `seconds`.
    func data(waitingUpTo seconds: Double = hangGuardSeconds) async -> Data {
        let deadline = MonotonicInstant.after(seconds: seconds)
        while !finished.withLock({ $0 }), !deadline.hasPassed {
            try? await Task.sleep(milliseconds: 10)
        }
        if !finished.withLock({ $0 }) {
            // Nobody wrote: open and close the writing end so the reading thread ends.
            let descriptor = open(path, O_WRONLY | O_NONBLOCK)
            if descriptor >= 0 { close(descriptor) }
        }
        return received.withLock { $0 }
    }
}
