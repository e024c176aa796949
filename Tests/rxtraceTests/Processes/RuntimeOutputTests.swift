import Foundation
import RxTraceFormat
import TestSupport
import Testing

/// The trace writer inside a traced program (`RXTRACE=path`): what it does with what is
/// already at the path, with the partial files a killed dump leaves, and with a `SIGUSR1` that
/// comes before the program's first use of RxCore.
@Suite("the runtime trace writer and early signals", .offPool)
struct RuntimeOutputTests {
    private static func host() throws -> BuiltProgram { try BuiltProgram.named("TracedHost") }

    @Test("RXTRACE=FOLDER: one line says why, the program succeeds, the folder is untouched")
    func folder() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let target = folder.file("traces")
        try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: false)
        try Data("keep\n".utf8).write(to: URL(fileURLWithPath: target + "/keep.txt"))
        let result = try await Self.host().run(["--iterations", "1"], environment: ["RXTRACE": target])
        #expect(result.status == 0)
        #expect(
            result.error == "rxtrace: trace not written: cannot write the trace file \(target): it is a directory; name a file inside it\n")
        #expect((try? FileManager.default.contentsOfDirectory(atPath: target)) == ["keep.txt"])
        #expect(try folder.contents() == ["traces"])
    }

    @Test("RXTRACE=a file that is not a trace: left as it is, unless RXTRACE_REPLACE=1")
    func otherFile() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let notes = folder.file("notes.txt")
        try Data("precious\n".utf8).write(to: URL(fileURLWithPath: notes))
        let kept = try await Self.host().run(["--iterations", "1"], environment: ["RXTRACE": notes])
        #expect(kept.status == 0)
        #expect(kept.error.contains("trace not written: cannot write the trace file \(notes): a file that is not a trace is there"))
        #expect(FileManager.default.contents(atPath: notes) == Data("precious\n".utf8))
        let replaced = try await Self.host().run(["--iterations", "1"], environment: ["RXTRACE": notes, "RXTRACE_REPLACE": "1"])
        #expect(replaced.status == 0)
        #expect(SpecialFiles.isTrace(notes))
        #expect(try folder.contents() == ["notes.txt"])
    }

    @Test("RXTRACE=a FIFO or a device node: written as it is, never replaced by a regular file")
    func streams() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let fifo = folder.file("trace.fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        let reader = FIFOReader(path: fifo)
        let piped = try await Self.host().run(["--iterations", "2"], environment: ["RXTRACE": fifo])
        #expect(piped.status == 0)
        #expect(piped.error == "rxtrace: trace written to \(fifo)\n")
        let bytes = await reader.data()
        #expect(Array(bytes.prefix(8)) == SpecialFiles.traceSignature)
        #expect(SpecialFiles.kind(fifo) == S_IFIFO)
        // The bytes are a whole trace, as the file would have been.
        let copy = folder.file("copy.rxtrace")
        try bytes.write(to: URL(fileURLWithPath: copy))
        #expect(try TraceFileReader(path: copy).file.marks.count == 2)
        try FileManager.default.removeItem(atPath: copy)

        let device = folder.file("null")
        guard SpecialFiles.makeNullDevice(at: device) else { return }
        let written = try await Self.host().run(["--iterations", "1"], environment: ["RXTRACE": device])
        #expect(written.status == 0)
        #expect(written.error == "rxtrace: trace written to \(device)\n")
        #expect(SpecialFiles.kind(device) == S_IFCHR)
        #expect(SpecialFiles.deviceNumber(device) == SpecialFiles.nullDeviceNumber)
        #expect(try folder.contents() == ["null", "trace.fifo"])
    }

    @Test("RXTRACE=a FIFO nobody reads: the program is not held up at exit, and one line says why")
    func unreadFIFO() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let fifo = folder.file("nobody.fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        let result = try await Self.host().run(["--iterations", "1"], environment: ["RXTRACE": fifo])
        #expect(result.status == 0)
        #expect(result.error == "rxtrace: trace not written: cannot write the trace file \(fifo): no process is reading the FIFO\n")
        #expect(result.elapsed < 20)
        #expect(SpecialFiles.kind(fifo) == S_IFIFO)
        #expect(try folder.contents() == ["nobody.fifo"])
    }

    @Test("partial files are named after the trace, and a dump removes those no writer holds any more")
    func stalePartialFiles() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = folder.file("run.rxtrace")
        let stale = "run.rxtrace.rxtrace-partial-\(try SpecialFiles.endedProcessID())-a1b2c3"
        // Its writer holds its lock, as a dump in progress does: this test process here.
        let live = "run.rxtrace.rxtrace-partial-\(try SpecialFiles.endedProcessID())-d4e5f6"
        let otherTarget = "other.rxtrace.rxtrace-partial-\(try SpecialFiles.endedProcessID())-a1b2c3"
        let unrelated = "run.rxtrace.rxtrace-partial-notes"
        for name in [stale, live, otherTarget, unrelated] {
            try Data("half a trace".utf8).write(to: URL(fileURLWithPath: folder.file(name)))
        }
        let lock = open(folder.file(live), O_RDONLY | O_CLOEXEC)
        #expect(lock >= 0 && flock(lock, LOCK_EX) == 0)
        defer { close(lock) }
        let result = try await Self.host().run(["--iterations", "1"], environment: ["RXTRACE": path])
        #expect(result.status == 0)
        #expect(SpecialFiles.isTrace(path))
        #expect(try folder.contents() == [otherTarget, "run.rxtrace", live, unrelated].sorted())
    }

    @Test("SIGUSR1 before the first use of RxCore: the program keeps running and the trace is written")
    func earlySignal() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = folder.file("early.rxtrace")
        let program = try Self.host().start(["--signal-first", "--iterations", "2", "--wait"], environment: ["RXTRACE": path])
        defer { program.stop() }
        #expect(await program.waitForOutput("ready"), "the early signal ended the program")

        // The request that came early is served once tracing is up.
        #expect(await RunningProgram.waitForTrace(at: path)?.header.dumpReason == .signal)

        let ending = try await program.finish()
        #expect(ending.reason == .exit)
        #expect(ending.status == 0)
        #expect(try TraceFileReader(path: path).file.header.dumpReason == .exit)
        #expect(try folder.contents() == ["early.rxtrace"])
    }
}
