import Foundation
import TestSupport
import Testing

/// `BuiltProgram.run` ends a program that outlives its deadline: a test of a program that never
/// ends fails, naming it, instead of hanging the suite.
@Suite("a program run past its deadline is killed and reported", hangTimeLimit(minutes: 2))
struct BuiltProgramTests {
    @Test("a program that sleeps forever is killed at its deadline, and the error names it and its arguments")
    func sleeperKilled() async throws {
        let sleeper = BuiltProgram(path: "/bin/sleep")
        let started = MonotonicInstant.now
        let error = try await #require(throws: BuiltProgram.TimedOut.self) {
            try await sleeper.run(["100000"], killAfter: 1)
        }
        #expect(started.seconds(to: .now) < 60)
        #expect(error.description.hasPrefix("/bin/sleep 100000 still ran, or a child of it held its output open, after 1.0 s"))
        #expect(error.description.contains("killed"))
        // SIGKILL ends the program at once, but its exit is collected (and its identifier freed)
        // by Foundation on a dispatch queue, which a loaded machine may run seconds later: until
        // then the program is a zombie, which `kill(_, 0)` still finds. Wait for the collection.
        let collected = MonotonicInstant.after(seconds: hangGuardSeconds)
        while kill(error.processIdentifier, 0) == 0, !collected.hasPassed {
            try await Task.sleep(milliseconds: 20)
        }
        #expect(kill(error.processIdentifier, 0) == -1 && errno == ESRCH, "the program is gone, not left running")
    }

    @Test("a program whose own child keeps the pipes open is killed at its deadline too, with its arguments quoted")
    func pipeHolderKilled() async throws {
        // The program (the shell, replaced by the long sleep) is killed; the short sleep it
        // started keeps the pipes open for 30 s more, then ends by itself: the run returns
        // without waiting for it.
        let shell = BuiltProgram(path: "/bin/sh")
        let started = MonotonicInstant.now
        let error = try await #require(throws: BuiltProgram.TimedOut.self) {
            try await shell.run(["-c", "echo started >&2; sleep 30 & exec sleep 100000"], killAfter: 1)
        }
        #expect(started.seconds(to: .now) < 25)
        #expect(error.description.hasPrefix("/bin/sh -c 'echo started >&2; sleep 30 & exec sleep 100000' still ran"))
    }

    @Test("a program that ends before its deadline gives its status and output")
    func quickProgramUnaffected() async throws {
        let result = try await BuiltProgram(path: "/bin/sh").run(["-c", "echo out; echo err >&2; exit 3"], killAfter: 60)
        #expect(result.status == 3)
        #expect(result.output == "out\n")
        #expect(result.error == "err\n")
    }
}
