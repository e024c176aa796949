import Foundation
import TestSupport
import Testing

@testable import RxTraceFormat

/// Partial files: a writer's lock, not its process id, says whether one is still being written,
/// and every final name up to the longest a directory takes has a partial name that fits.
@Suite(.offPool) struct PartialFileTests {
    private let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    /// A process id that no process has now.
    private static func endedProcessID() throws -> Int32 {
        let ended = Process()
        ended.executableURL = URL(fileURLWithPath: "/bin/true")
        try ended.run()
        ended.waitUntilExit()
        return ended.processIdentifier
    }

    @Test("a partial file whose lock another process holds is kept, though no process here has its pid")
    func aLockedPartialFileIsKept() throws {
        defer { directory.remove() }
        let path = directory.file("run.rxtrace")
        // As a writer in another PID namespace names it: its pid means nothing here.
        let name = "run.rxtrace.rxtrace-partial-\(try Self.endedProcessID())-ab12"
        let holder = try LockHolder(path: directory.file(name))
        #expect(PartialFile.removeStale(for: path).isEmpty)
        #expect(try directory.contents() == [name])
        try holder.release()
        #expect(PartialFile.removeStale(for: path) == [name])
        #expect(try directory.contents().isEmpty)
    }

    @Test("the trace writer holds its partial file's lock until the file is renamed into place")
    func theWriterHoldsTheLock() throws {
        defer { directory.remove() }
        let path = directory.file("run.rxtrace")
        let writer = try TraceFileWriter(path: path, file: TraceFixtures.file())
        try writer.append(contentsOf: TraceFixtures.records(100))
        #expect(try LockHolder.isLocked(writer.temporaryPath))
        try writer.finish()
        #expect(try directory.contents() == ["run.rxtrace"])
        #expect(try LockHolder.isLocked(path) == false)
    }

    @Test("every final name of up to 255 bytes is written, through a partial name of at most 255 bytes")
    func longNames() throws {
        defer { directory.remove() }
        for length in [200, 219, 220, 222, 223, 240, 254, 255] {
            let name = String(repeating: "n", count: length - ".rxtrace".count) + ".rxtrace"
            let path = directory.file(name)
            let partial = PartialFile.path(for: path)
            #expect(URL(fileURLWithPath: partial).lastPathComponent.utf8.count <= PartialFile.maximumNameLength)
            #expect(PartialFile.split(partial).directory == PartialFile.split(path).directory)
            try TraceFileWriter.write(TraceFixtures.file(), records: TraceFixtures.records(10), to: path)
            #expect(try TraceFileReader(path: path).readAllRecords() == TraceFixtures.records(10))
            try FileManager.default.removeItem(atPath: path)
        }
        #expect(try directory.contents().isEmpty)
    }

    @Test("a shortened partial name keeps whole characters, and its writer's clean-up finds it")
    func shortenedNamesAreCleanedUp() throws {
        defer { directory.remove() }
        // 2-byte characters: a cut in the middle of one would make a name that is not UTF-8.
        let name = String(repeating: "é", count: 120) + ".rxtrace"
        let other = String(repeating: "é", count: 120) + ".other.rxtrace"
        let dead = try Self.endedProcessID()
        let prefix = PartialFile.prefix(forName: name)
        #expect(prefix != PartialFile.prefix(forName: other))
        #expect(prefix.hasSuffix(PartialFile.marker))
        let stale = prefix + "\(dead)-ab12"
        let otherStale = PartialFile.prefix(forName: other) + "\(dead)-ab12"
        #expect(stale.utf8.count <= PartialFile.maximumNameLength)
        try Data("half".utf8).write(to: URL(fileURLWithPath: directory.file(stale)))
        try Data("half".utf8).write(to: URL(fileURLWithPath: directory.file(otherStale)))
        #expect(PartialFile.removeStale(for: directory.file(name)) == [stale])
        #expect(try directory.contents() == [otherStale])
    }

    @Test("a partial file named with this process's id is kept even unlocked")
    func ownProcessIsKept() throws {
        defer { directory.remove() }
        let name = "run.rxtrace.rxtrace-partial-\(getpid())-ab12"
        try Data("half".utf8).write(to: URL(fileURLWithPath: directory.file(name)))
        #expect(PartialFile.removeStale(for: directory.file("run.rxtrace")).isEmpty)
        #expect(try directory.contents() == [name])
    }
}

/// A second process that holds an exclusive `flock` on a file, as a trace writer in another
/// process (or container) holds its partial file.
struct LockHolder {
    private let process = Process()
    private let input = Pipe()

    /// Creates the file at `path` (it must not exist), locks it and keeps the lock until
    /// ``release()``.
    init(path: String) throws {
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", "-c",
            """
            import fcntl, os, sys
            fd = os.open(sys.argv[1], os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
            fcntl.flock(fd, fcntl.LOCK_EX)
            os.write(fd, b"half a trace")
            print("locked", flush=True)
            sys.stdin.read()
            """,
            path,
        ]
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        let said = output.fileHandleForReading.readData(ofLength: 7)
        guard said == Data("locked\n".utf8) else { throw LockHolderFailed(said: said) }
    }

    /// Ends the process, which releases the lock.
    func release() throws {
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
    }

    /// Whether another process holds a lock on the file at `path`, as a second process sees it.
    static func isLocked(_ path: String) throws -> Bool {
        let process = Process()
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", "-c",
            """
            import fcntl, os, sys
            fd = os.open(sys.argv[1], os.O_RDONLY)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                print("free")
            except BlockingIOError:
                print("locked")
            """,
            path,
        ]
        process.standardOutput = output
        try process.run()
        let said = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        switch String(decoding: said, as: UTF8.self) {
        case "locked\n": return true
        case "free\n": return false
        default: throw LockHolderFailed(said: said)
        }
    }
}

/// The lock-holding process did not say what it was asked to.
struct LockHolderFailed: Error, CustomStringConvertible {
    let said: Data
    var description: String { "the lock holder said \(String(decoding: said, as: UTF8.self).debugDescription)" }
}
