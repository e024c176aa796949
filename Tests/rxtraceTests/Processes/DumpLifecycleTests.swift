import Foundation
import RxTraceFormat
import TestSupport
import Testing

/// The trace dump's life in a traced program, seen from outside: a `SIGUSR1` while the program
/// starts, a signal dump still running when the program exits, partial files of writers in other
/// PID namespaces, and names as long as a directory takes.
@Suite("the trace dump's lifecycle in a traced program", .offPool)
struct DumpLifecycleTests {
    private static func host() throws -> BuiltProgram { try BuiltProgram.named("TracedHost") }

    @Test("SIGUSR1 from another initializer while the program starts: it keeps running and the request is served")
    func signalInAnInitializer() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = folder.file("start.rxtrace")
        let result = try await Self.host().run(
            ["--iterations", "1"],
            environment: ["RXTRACE": path, "RXTRACE_EXIT": "0", "TRACEDHOST_SIGNAL_IN_INITIALIZER": "1"]
        )
        #expect(result.status == 0, "the signal ended the program: \(result.error)")
        #expect(result.output == "signalled in an initializer\ndone: 1 iterations\n")
        #expect(try TraceFileReader(path: path).file.header.dumpReason == .signal)
        #expect(try folder.contents() == ["start.rxtrace"])
    }

    @Test("an early SIGUSR1 in a program that never uses RxCore: one line says no trace was written")
    func requestWithoutRxCore() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        // `--help` exits before anything touches RxCore.
        let result = try await Self.host().run(
            ["--help"], environment: ["RXTRACE": folder.file("never.rxtrace"), "TRACEDHOST_SIGNAL_IN_INITIALIZER": "1"])
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("usage: TracedHost"))
        #expect(result.error == "rxtrace: SIGUSR1 asked for a trace before the program used RxCore, which it never did: no trace written\n")
        #expect(try folder.contents().isEmpty)
    }

    @Test("an early SIGUSR1 is served before exit, every time, without an exit dump")
    func earlyRequestIsNeverLost() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        for run in 1...5 {
            let path = folder.file("early-\(run).rxtrace")
            let result = try await Self.host().run(
                ["--signal-first", "--iterations", "1"], environment: ["RXTRACE": path, "RXTRACE_EXIT": "0"])
            #expect(result.status == 0)
            #expect((try? TraceFileReader(path: path).file.header.dumpReason) == .signal, "run \(run): no trace")
        }
        #expect(try folder.contents() == (1...5).map { "early-\($0).rxtrace" }.sorted())
    }

    @Test("exit waits for a SIGUSR1 dump still being written, which arrives whole")
    func exitWaitsForASignalDump() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let fifo = folder.file("trace.fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        let program = try Self.host().start(
            ["--iterations", "1", "--burst", "50000", "--wait"],
            environment: ["RXTRACE": fifo, "RXTRACE_EXIT": "0"]
        )
        defer { program.stop() }
        #expect(await program.waitForOutput("ready"))
        let reader = try SlowFIFOReader(path: fifo)
        defer { reader.stop() }
        kill(program.processIdentifier, SIGUSR1)
        // The dump has started, and stops when the FIFO is full: more than a FIFO holds is left.
        let start = try #require(await reader.take(atLeast: 8))
        #expect(Array(start.prefix(8)) == SpecialFiles.traceSignature)
        try program.closeInput()
        #expect(await program.waitForOutput("done"))
        // The program is exiting now, with the dump half written.
        let rest = await reader.readToEnd()
        #expect(await program.waitForExit() == 0)
        let copy = folder.file("copy.rxtrace")
        try (start + rest).write(to: URL(fileURLWithPath: copy))
        let trace = try TraceFileReader(path: copy)
        #expect(trace.file.header.dumpReason == .signal)
        #expect(try trace.readAllRecords().count > 50_000)
    }

    @Test("a SIGUSR1 dump that outlasts RXTRACE_EXIT_WAIT is dropped at exit, and one line says so")
    func exitGivesUpOnAStuckDump() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let fifo = folder.file("stuck.fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        let program = try Self.host().start(
            ["--iterations", "1", "--burst", "50000", "--wait"],
            environment: ["RXTRACE": fifo, "RXTRACE_EXIT": "0", "RXTRACE_EXIT_WAIT": "0.5"],
            keepingErrors: true
        )
        defer { program.stop() }
        #expect(await program.waitForOutput("ready"))
        let reader = try SlowFIFOReader(path: fifo)
        defer { reader.stop() }
        kill(program.processIdentifier, SIGUSR1)
        #expect(await reader.take(atLeast: 8) != nil)
        // Nothing more is read: the dump cannot finish.
        let started = Date()
        try program.closeInput()
        #expect(await program.waitForExit() == 0)
        #expect(Date().timeIntervalSince(started) < 15)
        #expect(program.errorText() == "rxtrace: a SIGUSR1 dump still being written after 0.5 s at exit was dropped\n")
        #expect(try folder.contents() == ["stuck.fifo"])
    }

    @Test("a trace file name of 255 bytes is written")
    func longestName() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let name = String(repeating: "t", count: 255 - ".rxtrace".count) + ".rxtrace"
        let result = try await Self.host().run(["--iterations", "1"], environment: ["RXTRACE": folder.file(name)])
        #expect(result.status == 0)
        #expect(result.error == "rxtrace: trace written to \(folder.file(name))\n")
        #expect(SpecialFiles.isTrace(folder.file(name)))
        #expect(try folder.contents() == [name])
    }

    @Test("a partial file of a live writer in another PID namespace is kept; once it is gone, removed")
    func otherPIDNamespace() async throws {
        guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare") else {
            print("skipped: PID namespaces need root and /usr/bin/unshare (uid \(getuid()))")
            return
        }
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = folder.file("shared.rxtrace")
        // A pid that no process has here, given to the writer in its own namespace: `kill(pid, 0)`
        // says "no such process" though the writer runs.
        let pid = try SpecialFiles.endedProcessID()
        let writer = try NamespacedLockHolder(partialOf: path, pid: pid)
        guard let name = writer.name else {
            print("skipped: unshare --pid --fork --mount-proc failed here: \(writer.failure)")
            return
        }
        #expect(name == "shared.rxtrace.rxtrace-partial-\(pid)-ab12")

        let first = try await Self.host().run(["--iterations", "1"], environment: ["RXTRACE": path])
        #expect(first.status == 0)
        #expect(try folder.contents() == [name, "shared.rxtrace"].sorted())

        try writer.release()
        let second = try await Self.host().run(["--iterations", "1"], environment: ["RXTRACE": path])
        #expect(second.status == 0)
        #expect(try folder.contents() == ["shared.rxtrace"])
    }

    @Test("TracedHost --help prints its options and runs nothing")
    func hostHelp() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let result = try await Self.host().run(["--help"], environment: ["RXTRACE": folder.file("help.rxtrace")])
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("usage: TracedHost"))
        #expect(!result.output.contains("done:"))
        #expect(result.error.isEmpty)
        #expect(try folder.contents().isEmpty)
    }
}

/// The reading end of a FIFO, read only when asked: a writer into it stops once it is full.
final class SlowFIFOReader {
    private var descriptor: Int32

    /// Opens `path` for reading without waiting for a writer.
    init(path: String) throws {
        descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw CocoaError(.fileReadNoPermission) }
    }

    /// At least `count` bytes, waiting up to the hang guard for a writer to send them; `nil` if
    /// it does not.
    func take(atLeast count: Int) async -> Data? {
        var data = Data()
        let deadline = MonotonicInstant.after(seconds: hangGuardSeconds)
        while data.count < count, !deadline.hasPassed {
            data += await readAvailable() ?? Data()
        }
        return data.count >= count ? data : nil
    }

    /// Everything until the writer closes the FIFO (at most the hang guard of waiting for more).
    func readToEnd() async -> Data {
        var data = Data()
        let deadline = MonotonicInstant.after(seconds: hangGuardSeconds)
        while !deadline.hasPassed {
            guard let chunk = await readAvailable() else { break }
            data += chunk
        }
        return data
    }

    /// What is there now, after a short sleep when nothing was (the sleep holds no thread);
    /// empty when nothing came, `nil` at the end (a writer was there and closed).
    private func readAvailable() async -> Data? {
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, 0) > 0 else {
            try? await Task.sleep(milliseconds: 10)
            return Data()
        }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        let count = read(descriptor, &buffer, buffer.count)
        if count > 0 { return Data(buffer[..<count]) }
        // POLLHUP with nothing to read: the writer closed.
        return poller.revents & Int16(POLLHUP) != 0 ? nil : Data()
    }

    /// Closes the FIFO.
    func stop() {
        if descriptor >= 0 { _ = close(descriptor) }
        descriptor = -1
    }
}

/// A process in a new PID namespace (as in another container sharing a volume) that creates a
/// partial file as a trace writer names it, with the pid it has in its namespace, and holds its
/// lock as a writer does until ``release()``.
final class NamespacedLockHolder {
    private let process = Process()
    private let input = Pipe()
    /// The partial file's name, or `nil` when the namespace could not be made.
    private(set) var name: String?
    /// What went wrong, when `name` is `nil`.
    private(set) var failure = ""

    init(partialOf path: String, pid: Int32) throws {
        let output = Pipe()
        let error = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
        // The namespace's first process sets the next pid and forks: the child gets `pid`.
        process.arguments = [
            "--pid", "--fork", "--mount-proc", "python3", "-c",
            """
            import fcntl, os, sys
            with open("/proc/sys/kernel/ns_last_pid", "w") as last:
                last.write(str(int(sys.argv[2]) - 1))
            child = os.fork()
            if child == 0:
                path = "%s.rxtrace-partial-%d-ab12" % (sys.argv[1], os.getpid())
                fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
                fcntl.flock(fd, fcntl.LOCK_EX)
                os.write(fd, b"half a trace")
                print(os.path.basename(path), flush=True)
                sys.stdin.read()
                os._exit(0)
            os.waitpid(child, 0)
            """,
            path, String(pid),
        ]
        process.standardInput = input
        process.standardOutput = output
        process.standardError = error
        try process.run()
        var said = Data()
        while !said.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            said += chunk
        }
        let line = String(decoding: said, as: UTF8.self)
        if line.hasSuffix("\n") {
            name = String(line.dropLast())
        } else {
            try? input.fileHandleForWriting.close()
            process.waitUntilExit()
            let said = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            failure = "status \(process.terminationStatus), printed \(line.debugDescription), \(said.debugDescription)"
        }
    }

    /// Ends the writer, which releases the lock.
    func release() throws {
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
    }
}
