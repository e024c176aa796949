import RxCore
import RxTest
import TestSupport
import Testing

@testable import RxTest

/// A leak assertion that cannot count never passes silently: a visible skip outside CI, a
/// failure in CI unless uncounted runs are allowed explicitly.
@Suite("Leak assertions without counting")
struct UncountedLeakCheckTests {
    @Test("outside CI the check is skipped with one line naming the trait and the command")
    func skipsOutsideCI() throws {
        guard case .skip(let reason) = UncountedLeakCheck.outcome(environment: [:]) else {
            Issue.record("expected a skip")
            return
        }
        #expect(reason.contains("TraceResources"))
        #expect(reason.contains("swift test --traits TraceResources"))
        #expect(!reason.contains("\n"))
    }

    @Test("in CI the check fails and says how to allow uncounted runs", arguments: ["true", "1", "yes"])
    func failsInCI(value: String) throws {
        guard case .fail(let message) = UncountedLeakCheck.outcome(environment: ["CI": value]) else {
            Issue.record("expected a failure")
            return
        }
        #expect(message.contains("swift test --traits TraceResources"))
        #expect(message.contains("RXTRACE_ALLOW_UNCOUNTED=1"))
    }

    @Test("CI set to an empty, 0 or false value is not CI", arguments: ["", "0", "false", "FALSE"])
    func ciOff(value: String) {
        #expect(UncountedLeakCheck.outcome(environment: ["CI": value]) == .skip(reason: UncountedLeakCheck.reason))
    }

    @Test("RXTRACE_ALLOW_UNCOUNTED=1 turns the CI failure back into the skip")
    func optOut() {
        let outcome = UncountedLeakCheck.outcome(environment: ["CI": "true", "RXTRACE_ALLOW_UNCOUNTED": "1"])
        #expect(outcome == .skip(reason: UncountedLeakCheck.reason))
        let notOptedOut = UncountedLeakCheck.outcome(environment: ["CI": "true", "RXTRACE_ALLOW_UNCOUNTED": "yes please"])
        #expect(notOptedOut != .skip(reason: UncountedLeakCheck.reason))
    }

    @Test("expectNoLeaks in CI without counting records a failure, not a pass", .enabled(if: !Resources.isEnabled))
    func expectNoLeaksFailsInCI() {
        var ran = false
        withKnownIssue {
            UncountedLeakCheck.Overrides.$environment.withValue(["CI": "true"]) {
                _ = expectNoLeaks { ran = true }
            }
        } matching: { issue in
            String(describing: issue.kind).contains("swift test --traits TraceResources")
        }
        #expect(ran, "the scenario still runs, for its own expectations")
    }

    // Outside CI the expectation records a warning, shown as "⚠︎ … recorded a warning" with the
    // reason under it. `withKnownIssue` matches failures only, so this test can check that the
    // scenario runs and nothing fails, and the console shows the warning.
    @Test("expectNoLeaks outside CI without counting runs the scenario and does not fail", .enabled(if: !Resources.isEnabled))
    func expectNoLeaksWarnsOutsideCI() {
        var ran = false
        let report = UncountedLeakCheck.Overrides.$environment.withValue([:]) {
            expectNoLeaks { ran = true }
        }
        #expect(ran)
        #expect(report.verdict == .inconclusive)
    }

    @Test(".resourceBalanced in CI without counting records a failure at the test", .enabled(if: !Resources.isEnabled))
    func resourceBalancedFailsInCI() async throws {
        let test = try #require(Test.current)
        let ran = RanFlag()
        try await withKnownIssue {
            try await UncountedLeakCheck.Overrides.$environment.withValue(["CI": "1"]) {
                try await ResourceBalanceTrait.resourceBalanced.provideScope(for: test, testCase: Test.Case.current) {
                    ran.set()
                }
            }
        } matching: { issue in
            issue.sourceLocation == test.sourceLocation && String(describing: issue.kind).contains("TraceResources")
        }
        #expect(ran.value)
    }
}

/// Whether a `@Sendable` body ran.
private final class RanFlag: Sendable {
    private let storage = Locked(false)
    var value: Bool { storage.withLock { $0 } }
    func set() { storage.withLock { $0 = true } }
}
