import Foundation
import RxCore
import RxTraceFormat
import TestSupport
import Testing

/// Where the tests find tmux (Debian's package, which `.ci/run` installs).
private let tmuxPath = "/usr/bin/tmux"

/// `rxtrace top` used as a person uses it: in a real terminal (a detached `tmux` session of
/// 80×24), keys sent with `send-keys`, the screen read with `capture-pane`, against a traced
/// `TracedHost` whose repetitions the test drives and marks from outside.
@Suite(
    "rxtrace top in tmux",
    .enabled(if: FileManager.default.isExecutableFile(atPath: tmuxPath), "needs tmux (.ci/run installs it)"),
    .enabled(if: Resources.isEnabled, "the highlight and the verdict need counted resources: TraceResources trait")
)
struct TopTmuxTests {
    static let tmux = tmuxPath

    /// A tmux server of the test's own (its socket in the test's folder), so that nothing is
    /// shared with a user's sessions or with other tests.
    private struct Terminal {
        let socket: String

        @discardableResult
        func run(_ arguments: [String]) async throws -> BuiltProgram.Result {
            try await BuiltProgram(path: TopTmuxTests.tmux).run(["-S", socket] + arguments)
        }

        /// The visible screen; with `escapes`, with its colours and attributes as escapes.
        func screen(escapes: Bool = false) async throws -> String {
            try await run(["capture-pane", "-p", "-t", "top"] + (escapes ? ["-e"] : [])).output
        }

        /// The screen once `condition` holds on it, or `nil` after the hang guard.
        func screen(escapes: Bool = false, where condition: (String) -> Bool) async throws -> String? {
            let deadline = MonotonicInstant.after(seconds: hangGuardSeconds)
            while !deadline.hasPassed {
                let text = try await screen(escapes: escapes)
                if condition(text) { return text }
                try await Task.sleep(milliseconds: 100)
            }
            return nil
        }
    }

    @Test("a growing type is highlighted, three marks from outside give the leaking verdict in top and in a snapshot, q exits 0")
    func leakingHost() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        chmod(folder.path, 0o700)
        let host = try BuiltProgram.named("TracedHost").start(
            ["--wait", "--leak", "--grow", "--iterations", "0"],
            environment: ["XDG_RUNTIME_DIR": folder.path, "RXTRACE": folder.file("exit.rxtrace"), "RXTRACE_QUIET": "1"])
        defer { host.stop() }
        #expect(await host.waitForOutput("ready"))
        let pid = String(host.processIdentifier)
        let rxtrace = try BuiltProgram.named("rxtrace")
        let status = folder.file("status")
        let terminal = Terminal(socket: folder.file("tmux.sock"))
        // The tmux server the client forks lives on and keeps every descriptor it inherits:
        // Foundation's Process would then never see the client end (nor its pipes close). So a
        // small launcher gives tmux /dev/null and closes every other descriptor first.
        let command =
            "env XDG_RUNTIME_DIR='\(folder.path)' TERM=xterm NO_COLOR= '\(rxtrace.path)' top \(pid); echo $? > '\(status)'"
        let launcher = """
            import os, sys
            null = os.open(os.devnull, os.O_RDWR)
            for target in (0, 1, 2):
                os.dup2(null, target)
            os.closerange(3, os.sysconf("SC_OPEN_MAX"))
            os.execv(sys.argv[1], sys.argv[1:])
            """
        let started = try await BuiltProgram(path: "/usr/bin/env").run([
            "python3", "-c", launcher, Self.tmux, "-S", terminal.socket, "new-session", "-d", "-s", "top", "-x", "80", "-y", "24", command,
        ])
        #expect(started.status == 0, "\(started.error)")
        // Whatever happens, the test's tmux server goes (started, not waited for).
        defer { _ = try? Process.run(URL(fileURLWithPath: Self.tmux), arguments: ["-S", terminal.socket, "kill-server"]) }

        // The grown subscriptions' types rise in each refresh: shown in red.
        let highlighted = try await terminal.screen(escapes: true) { screen in
            screen.split(separator: "\n").contains { $0.contains("31m") && !$0.contains("PROBE") }
        }
        let afterHighlight = try await terminal.screen()
        #expect(highlighted != nil, "no highlighted type on: \(afterHighlight)")
        #expect(afterHighlight.contains("verdict: needs 3 marks, has 0"), "\(afterHighlight)")

        // Open, close, mark: three times.
        for round in 1...3 {
            try host.send(line: "repeat")
            #expect(await host.waitForOutput("repeated"))
            let marked = try await rxtrace.run(["mark", pid, "closed \(round)"], environment: ["XDG_RUNTIME_DIR": folder.path])
            #expect(marked.status == 0, "\(marked.error)")
        }
        let verdict = try await terminal.screen { $0.contains("verdict over 3 marks: LEAKING") }
        let afterMarks = try await terminal.screen()
        #expect(verdict != nil, "no leaking verdict on: \(afterMarks)")
        #expect(verdict?.contains("last \"closed 3\"") == true)
        let lines = verdict?.split(separator: "\n", omittingEmptySubsequences: false) ?? []
        #expect(lines.allSatisfy { $0.count <= 80 })

        // `s` orders by name: the header says so.
        try await terminal.run(["send-keys", "-t", "top", "s", "s", "s"])
        let sorted = try await terminal.screen { $0.contains("sorted by name (s)") }
        #expect(sorted != nil)

        // The trace written now has the same marks and the same verdict.
        let snapshot = folder.file("now.rxtrace")
        let written = try await rxtrace.run(["snapshot", pid, "-o", snapshot], environment: ["XDG_RUNTIME_DIR": folder.path])
        #expect(written.status == 0, "\(written.error)")
        let check = try await rxtrace.run(["check", snapshot])
        #expect(check.status == 1, "\(check.output)\(check.error)")
        // check's text report goes to standard error, as a gate's log.
        #expect(check.error.hasPrefix("Leak check: leaking"), "\(check.error)")

        try await terminal.run(["send-keys", "-t", "top", "q"])
        // The shell creates the file before it writes the status: wait for the whole line.
        let deadline = MonotonicInstant.after(seconds: hangGuardSeconds)
        var exitStatus = ""
        while !exitStatus.hasSuffix("\n"), !deadline.hasPassed {
            try await Task.sleep(milliseconds: 50)
            exitStatus = (try? String(contentsOfFile: status, encoding: .utf8)) ?? ""
        }
        #expect(exitStatus == "0\n")
        #expect(try await host.finish().status == 0)
    }
}
