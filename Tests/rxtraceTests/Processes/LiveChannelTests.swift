import Foundation
import RxCore
import RxTraceFormat
import TestSupport
import Testing

/// The live channel from outside, as a user drives it: a real traced `TracedHost` and the
/// real `rxtrace top`, `mark` and `snapshot`, each test in its own runtime folder
/// (`XDG_RUNTIME_DIR`) so that tests running at once never see each other's sockets.
@Suite("the live channel of a running program")
struct LiveChannelTests {
    private static func host() throws -> BuiltProgram { try BuiltProgram.named("TracedHost") }
    private static func rxtrace() throws -> BuiltProgram { try BuiltProgram.named("rxtrace") }

    /// A private runtime folder, as a login session's `XDG_RUNTIME_DIR` is.
    private struct Runtime {
        let folder: TemporaryDirectory
        var environment: [String: String] { ["XDG_RUNTIME_DIR": folder.path] }
        var sockets: String { folder.file("rxtrace") }

        init() throws {
            folder = try TemporaryDirectory()
            chmod(folder.path, 0o700)
        }

        func socket(of pid: Int32) -> String { sockets + "/\(pid).sock" }

        /// Starts a traced host that waits, and waits for it to say it is ready.
        func startHost(_ arguments: [String] = [], trace: String, extra: [String: String] = [:]) async throws -> RunningProgram {
            let program = try LiveChannelTests.host().start(
                ["--wait", "--leak"] + arguments,
                environment: environment.merging(["RXTRACE": trace, "RXTRACE_QUIET": "1"]) { $1 }
                    .merging(extra) { $1 })
            #expect(await program.waitForOutput("ready"))
            return program
        }

        func rxtrace(_ arguments: [String]) async throws -> BuiltProgram.Result {
            try await LiveChannelTests.rxtrace().run(arguments, environment: environment)
        }
    }

    @Test("three marks from outside are in the trace snapshot writes, after the program's own")
    func marksFromOutsideReachTheSnapshot() async throws {
        let runtime = try Runtime()
        defer { runtime.folder.remove() }
        let host = try await runtime.startHost(trace: runtime.folder.file("exit.rxtrace"))
        defer { host.stop() }
        let pid = String(host.processIdentifier)
        for round in 1...3 {
            let marked = try await runtime.rxtrace(["mark", pid, "screen closed \(round)"])
            #expect(marked.status == 0, "\(marked.error)")
            #expect(marked.output == "marked \"screen closed \(round)\" in process \(pid)\n")
        }
        let path = runtime.folder.file("now.rxtrace")
        let written = try await runtime.rxtrace(["snapshot", pid, "-o", path])
        #expect(written.status == 0, "\(written.error)")
        #expect(written.output == "trace written to \(path)\n")
        let file = try TraceFileReader(path: path).file
        #expect(file.header.dumpReason == .request)
        #expect(file.header.processID == host.processIdentifier)
        #expect(
            file.marks.map { file.string($0.label) } == [
                "iteration 1", "iteration 2", "iteration 3", "screen closed 1", "screen closed 2", "screen closed 3",
            ])
        // A folder gets the program's default name inside it.
        let inFolder = try await runtime.rxtrace(["snapshot", pid, "-o", runtime.folder.path])
        #expect(inFolder.status == 0, "\(inFolder.error)")
        #expect(try TraceFileReader(path: runtime.folder.file("TracedHost-\(pid).rxtrace")).file.marks.count == 6)

        let (reason, status) = try await host.finish()
        #expect(reason == .exit && status == 0)
        // Removed at exit.
        #expect(!FileManager.default.fileExists(atPath: runtime.socket(of: host.processIdentifier)))
    }

    @Test("top --once --format json shows the live state: probes, open subscriptions, marks, live types")
    func topOnceJSON() async throws {
        let runtime = try Runtime()
        defer { runtime.folder.remove() }
        let host = try await runtime.startHost(trace: runtime.folder.file("exit.rxtrace"))
        defer { host.stop() }
        let result = try await runtime.rxtrace(["top", String(host.processIdentifier), "--once", "--format", "json"])
        #expect(result.status == 0, "\(result.error)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect(json["protocol"] as? Int == 1)
        #expect(json["pid"] as? Int == Int(host.processIdentifier))
        #expect(json["process"] as? String == "TracedHost")
        #expect(json["openSubscriptions"] as? Int == 3)
        let probes = try #require(json["probes"] as? [[String: Any]])
        let leaked = try #require(probes.first { $0["identifier"] as? String == "leaked" })
        #expect(leaked["subscribed"] as? Int == 3)
        let marks = try #require(json["marks"] as? [[String: Any]])
        #expect(marks.compactMap { $0["label"] as? String } == ["iteration 1", "iteration 2", "iteration 3"])
        let resources = try #require(json["resources"] as? [String: Any])
        let types = try #require(resources["types"] as? [String: Int])
        #expect(resources["counted"] as? Bool == Resources.isEnabled)
        if Resources.isEnabled {
            #expect((resources["total"] as? Int ?? 0) > 0)
            #expect(!types.isEmpty)
            #expect(types.values.reduce(0, +) == resources["total"] as? Int)
        } else {
            #expect(types.isEmpty)
        }
        let text = try await runtime.rxtrace(["top", String(host.processIdentifier), "--once"])
        #expect(text.status == 0)
        #expect(text.output.hasPrefix("TracedHost (pid \(host.processIdentifier))"))
        #expect(text.output.contains("open subscriptions: 3"))
        #expect(try await host.finish().status == 0)
    }

    @Test(
        "a clean host marked from outside after each repetition: top and check of a snapshot say clean",
        .enabled(if: Resources.isEnabled, "a verdict needs counted resources: TraceResources trait"))
    func cleanVerdictFromOutsideMarks() async throws {
        let runtime = try Runtime()
        defer { runtime.folder.remove() }
        let program = try Self.host().start(
            ["--wait", "--iterations", "0"],
            environment: runtime.environment.merging(["RXTRACE": runtime.folder.file("exit.rxtrace"), "RXTRACE_QUIET": "1"]) { $1 })
        defer { program.stop() }
        #expect(await program.waitForOutput("ready"))
        let pid = String(program.processIdentifier)
        for round in 1...4 {
            try program.send(line: "repeat")
            #expect(await program.waitForOutput("repeated"))
            #expect(try await runtime.rxtrace(["mark", pid, "closed \(round)"]).status == 0)
        }
        let top = try await runtime.rxtrace(["top", pid, "--once"])
        #expect(top.output.contains("verdict over 4 marks: clean"), "\(top.output)")
        let path = runtime.folder.file("now.rxtrace")
        #expect(try await runtime.rxtrace(["snapshot", pid, "-o", path]).status == 0)
        let check = try await runtime.rxtrace(["check", path])
        #expect(check.status == 0, "\(check.output)\(check.error)")
        #expect(try await program.finish().status == 0)
    }

    @Test("100 clients that vanish, send garbage or stall never stop the program answering or exiting normally")
    func hundredBadClients() async throws {
        let runtime = try Runtime()
        defer { runtime.folder.remove() }
        let host = try await runtime.startHost(["--busy"], trace: runtime.folder.file("exit.rxtrace"))
        defer { host.stop() }
        let socketPath = runtime.socket(of: host.processIdentifier)
        var stalled: [Int32] = []
        var generator = SystemRandomNumberGenerator()
        for client in 0..<100 {
            let descriptor = try Self.connect(socketPath)
            switch client % 5 {
            case 0:
                close(descriptor)  // connects and vanishes
            case 1:
                // Binary garbage, longer than any request, and gone without reading the answer.
                let garbage = (0..<5000).map { _ in UInt8.random(in: 0...255, using: &generator) }
                _ = garbage.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                close(descriptor)
            case 2:
                // A whole request, gone before the answer: the program's send meets a closed socket.
                _ = Array("v1 snapshot-json\n".utf8).withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                close(descriptor)
            case 3:
                // Half a request, then nothing.
                _ = Array("v1 snap".utf8).withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                stalled.append(descriptor)
            default:
                stalled.append(descriptor)  // sends nothing
            }
        }
        // Meanwhile the program still answers.
        let during = try await runtime.rxtrace(["top", String(host.processIdentifier), "--once", "--format", "json"])
        #expect(during.status == 0, "\(during.error)")
        // The program drops every stalled client by itself (each within its 2 s deadline).
        #expect(await Self.allClosedByPeer(stalled, within: 120))
        stalled.forEach { close($0) }
        let after = try await runtime.rxtrace(["top", String(host.processIdentifier), "--once", "--format", "json"])
        #expect(after.status == 0, "\(after.error)")
        // The program kept working through it.
        let busy = { (output: String) -> Int in
            let json = (try? JSONSerialization.jsonObject(with: Data(output.utf8))) as? [String: Any]
            let probes = json?["probes"] as? [[String: Any]] ?? []
            return probes.first { $0["identifier"] as? String == "busy" }?["subscribed"] as? Int ?? 0
        }
        #expect(busy(after.output) > busy(during.output))
        try host.closeInput()
        #expect(await host.waitForExit(seconds: 30) == 0)
    }

    @Test("out of descriptors, the channel rests instead of spinning, and answers once some are back")
    func outOfDescriptors() async throws {
        let runtime = try Runtime()
        defer { runtime.folder.remove() }
        let host = try await runtime.startHost(["--use-all-descriptors"], trace: runtime.folder.file("exit.rxtrace"))
        defer { host.stop() }
        // Connected by the kernel, but the program cannot take it: it waits in the backlog, and
        // the listener stays readable all along.
        let client = try Self.connect(runtime.socket(of: host.processIdentifier))
        defer { close(client) }
        _ = Array("v1 snapshot-json\n".utf8).withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        // Before the fix, the channel's thread spun on the failing accept: a whole core.
        let cpu = try await Self.cpuShare(of: host.processIdentifier, overSeconds: 2)
        #expect(cpu < 0.05, "the program used \(cpu) of a core while it had no descriptor left")
        try host.send(line: "release")
        #expect(await host.waitForOutput("released"))
        // Taken and answered once descriptors are back.
        let answer = await onDedicatedThread { [client] in
            var received = Data()
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let count = recv(client, &buffer, buffer.count, 0)
                if count <= 0 { return received }
                received.append(contentsOf: buffer[..<count])
            }
        }
        let json = try JSONSerialization.jsonObject(with: answer) as? [String: Any]
        #expect(json?["pid"] as? Int == Int(host.processIdentifier))
        #expect(try await host.finish().status == 0)
    }

    /// The share of one core that process `pid` used over at least `interval` seconds of wall time,
    /// from its user and system ticks in `/proc/PID/stat`.
    private static func cpuShare(of pid: Int32, overSeconds interval: Int) async throws -> Double {
        func ticks() throws -> Double {
            let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
            // The fields after the command name, which is in parentheses and may hold spaces.
            let fields = stat[stat.index(after: try #require(stat.lastIndex(of: ")")))...].split(separator: " ")
            // utime and stime are fields 14 and 15 of the line, 12 and 13 after the name.
            return (Double(fields[11]) ?? 0) + (Double(fields[12]) ?? 0)
        }
        let start = MonotonicInstant.now
        let before = try ticks()
        try await Task.sleep(milliseconds: interval * 1000)
        let used = (try ticks() - before) / Double(sysconf(Int32(_SC_CLK_TCK)))
        return used / start.seconds(to: .now)
    }

    @Test("no such process, no channel, RXTRACE_LIVE=0, a stale socket: one line and status 2")
    func unreachablePrograms() async throws {
        let runtime = try Runtime()
        defer { runtime.folder.remove() }
        // A process that has ended.
        let ended = try Self.host().start(["--iterations", "1"], environment: runtime.environment)
        #expect(await ended.waitForExit() == 0)
        let dead = try await runtime.rxtrace(["mark", String(ended.processIdentifier), "x"])
        #expect(dead.status == 2)
        #expect(dead.error == "rxtrace: no process \(ended.processIdentifier) is running\n")

        // A running program that is not traced, and one traced with the channel off.
        for extra in [["RXTRACE": "0"], ["RXTRACE_LIVE": "0"]] {
            let plain = try Self.host().start(["--wait"], environment: runtime.environment.merging(extra) { $1 })
            defer { plain.stop() }
            #expect(await plain.waitForOutput("ready"))
            let result = try await runtime.rxtrace(["top", String(plain.processIdentifier), "--once"])
            #expect(result.status == 2)
            #expect(result.error.hasPrefix("rxtrace: process \(plain.processIdentifier) has no live channel"))
            #expect(result.error.split(separator: "\n").count == 1)
            _ = try await plain.finish()
        }

        // Killed: its socket stays, and is stale.
        let killed = try await runtime.startHost(trace: runtime.folder.file("killed.rxtrace"))
        kill(killed.processIdentifier, SIGKILL)
        #expect(await killed.waitForExit() == 128 + SIGKILL)
        let stale = runtime.socket(of: killed.processIdentifier)
        #expect(FileManager.default.fileExists(atPath: stale))
        let afterKill = try await runtime.rxtrace(["mark", String(killed.processIdentifier), "x"])
        #expect(afterKill.status == 2)
        #expect(
            afterKill.error
                == "rxtrace: \(stale) is a stale socket: process \(killed.processIdentifier) has ended (the next traced program with that id replaces it)\n"
        )
        #expect(FileManager.default.fileExists(atPath: stale))

        // A socket nobody answers on, named for a running program that did not make it.
        let untraced = try Self.host().start(["--wait"], environment: runtime.environment.merging(["RXTRACE": "0"]) { $1 })
        defer { untraced.stop() }
        #expect(await untraced.waitForOutput("ready"))
        let orphan = runtime.socket(of: untraced.processIdentifier)
        try Self.bindAndLeave(orphan)
        let refused = try await runtime.rxtrace(["snapshot", String(untraced.processIdentifier), "-o", runtime.folder.file("s.rxtrace")])
        #expect(refused.status == 2)
        #expect(refused.error.hasPrefix("rxtrace: \(orphan) is a stale socket: nothing answers on it"))
        #expect(!FileManager.default.fileExists(atPath: runtime.folder.file("s.rxtrace")))

        // A socket of another user (root can make one) is not used.
        if getuid() == 0 {
            chown(orphan, 12345, 12345)
            let foreign = try await runtime.rxtrace(["mark", String(untraced.processIdentifier), "x"])
            #expect(foreign.status == 2)
            #expect(foreign.error.contains("belongs to user 12345, not to you"))
        }
        // A folder others can enter is not used, by either side.
        chmod(runtime.sockets, 0o755)
        let open = try await runtime.rxtrace(["mark", String(untraced.processIdentifier), "x"])
        #expect(open.status == 2)
        #expect(open.error == "rxtrace: \(runtime.sockets) can be entered by other users (mode 755); it is not used\n")
        let refusing = try Self.host().start(
            ["--iterations", "1"], environment: runtime.environment.merging(["RXTRACE": runtime.folder.file("r.rxtrace")]) { $1 },
            keepingErrors: true)
        #expect(await refusing.waitForExit() == 0)
        #expect(refusing.errorText().contains("rxtrace: live channel not started: \(runtime.sockets) can be entered by other users"))
        _ = try await untraced.finish()
    }

    @Test("snapshot refuses this command's own descriptors and paths record -o refuses, before asking the program")
    func snapshotPaths() async throws {
        let runtime = try Runtime()
        defer { runtime.folder.remove() }
        let host = try await runtime.startHost(trace: runtime.folder.file("exit.rxtrace"))
        defer { host.stop() }
        let pid = String(host.processIdentifier)
        let stdout = try await runtime.rxtrace(["snapshot", pid, "-o", "/dev/stdout"])
        #expect(stdout.status == 2)
        #expect(stdout.error.contains("this command's own descriptor"))
        let notes = runtime.folder.file("notes.txt")
        try Data("keep me".utf8).write(to: URL(fileURLWithPath: notes))
        let other = try await runtime.rxtrace(["snapshot", pid, "-o", notes])
        #expect(other.status == 2)
        #expect(other.error == "rxtrace: \(notes) exists and is not a trace file; it is left as it is (choose another path)\n")
        #expect(try String(contentsOfFile: notes, encoding: .utf8) == "keep me")
        let missing = try await runtime.rxtrace(["mark", pid, ""])
        #expect(missing.status == 64)
        #expect(try await host.finish().status == 0)
    }

    @Test("on a terminal: a full-screen view refreshed each second, probe rates, q quits with status 0")
    func fullScreen() async throws {
        let runtime = try Runtime()
        defer { runtime.folder.remove() }
        let host = try await runtime.startHost(["--busy"], trace: runtime.folder.file("exit.rxtrace"))
        defer { host.stop() }
        let driver = runtime.folder.file("drive.py")
        try Data(Self.terminalDriver.utf8).write(to: URL(fileURLWithPath: driver))
        let rxtrace = try Self.rxtrace().path
        for noColor in ["", "1"] {
            let screen = try await BuiltProgram(path: "/usr/bin/env").run(
                ["python3", driver, rxtrace, "top", String(host.processIdentifier)],
                environment: runtime.environment.merging(["NO_COLOR": noColor, "TERM": "xterm"]) { $1 })
            #expect(screen.status == 0, "\(screen.error)")
            let lines = screen.output.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.first == "frames 3 status 0")
            #expect(lines.dropFirst().first?.hasPrefix("rxtrace top  TracedHost (pid \(host.processIdentifier))") == true)
            #expect(lines.count <= 25 && lines.allSatisfy { $0.count <= 80 })
            // The third frame has rates: the busy probe subscribes hundreds of times a second.
            let busy = try #require(lines.first { $0.hasPrefix(" busy") })
            #expect((Int(busy.split(separator: " ")[1]) ?? 0) > 10)
            #expect(lines.contains { $0.contains(Resources.isEnabled ? "resources " : "resources not counted") })
        }
        #expect(try await host.finish().status == 0)
    }

    /// Runs a command in a pseudo-terminal of 80×24, waits for its third frame, sends `q`, and
    /// prints `frames N status S` and the third frame.
    private static let terminalDriver = #"""
        import os, pty, re, sys, time, select, struct, fcntl, termios
        pid, fd = pty.fork()
        if pid == 0:
            os.execv(sys.argv[1], sys.argv[1:])
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        seen, frames, deadline = b"", 0, time.time() + 30
        while frames < 4 and time.time() < deadline:
            ready, _, _ = select.select([fd], [], [], 0.2)
            if ready:
                try:
                    chunk = os.read(fd, 65536)
                except OSError:
                    break
                if not chunk:
                    break
                seen += chunk
                frames = seen.count(b"\x1b[2J")
                # The third frame is whole once the fourth starts, or after a moment.
                if frames == 3:
                    deadline = min(deadline, time.time() + 0.5)
        os.write(fd, b"q")
        status, end = None, time.time() + 10
        while status is None and time.time() < end:
            done, code = os.waitpid(pid, os.WNOHANG)
            if done:
                status = os.waitstatus_to_exitcode(code)
            else:
                time.sleep(0.05)
        if status is None:
            os.kill(pid, 9)
            status = -9
        frame = seen.split(b"\x1b[2J")[3] if frames >= 3 else b""
        frame = re.sub(rb"\x1b\[[0-9;?]*[A-Za-z]", b"", frame)
        sys.stdout.write("frames %d status %d\n" % (min(frames, 3), status))
        sys.stdout.write(frame.decode("utf-8", "replace").replace("\r", ""))
        """#

    // MARK: - Raw clients

    private static func connect(_ path: String) throws -> Int32 {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8)) }
        let status = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard status == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        return descriptor
    }

    /// Makes a socket file at `path` that nothing listens on, as a program killed long ago leaves.
    private static func bindAndLeave(_ path: String) throws {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8)) }
        let status = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard status == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    }

    /// Whether the other end closed every one of `descriptors` within `seconds` (reads what
    /// the program sent first, such as an error line).
    private static func allClosedByPeer(_ descriptors: [Int32], within seconds: Double) async -> Bool {
        var open = Set(descriptors)
        let deadline = MonotonicInstant.after(seconds: seconds)
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !open.isEmpty, !deadline.hasPassed {
            var watched = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            if poll(&watched, nfds_t(watched.count), 0) <= 0 {
                try? await Task.sleep(milliseconds: 20)
                continue
            }
            for entry in watched where entry.revents != 0 {
                let count = buffer.withUnsafeMutableBytes { recv(entry.fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
                if count <= 0, !(count < 0 && (errno == EAGAIN || errno == EINTR)) { open.remove(entry.fd) }
            }
        }
        return open.isEmpty
    }
}
