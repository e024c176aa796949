import Foundation
import RxCore
import RxLeakCheck
import RxTraceAnalysis
import Testing

/// A Swift Testing trait that fails a test whose resources are still alive when it ends.
///
/// With the `TraceResources` trait on, the test's `Resources` snapshot is taken before it
/// runs, and the test runs in its own `ResourceScope`. Afterwards the trait settles
/// the way `LeakCheck` does (`LeakSettle`): it waits until the
/// work the test scheduled has run or been cancelled and the total has not moved for 20 ms,
/// at most `settle`. If the total is not back at its starting value then, it records an
/// issue at the test's own declaration naming the types that stayed alive and the lines of
/// code that allocated them. Without the `TraceResources` trait it does nothing.
///
/// Global counts only mean something when no other test runs at the same time: run such
/// suites with `swift test --no-parallel` (tests that carry this trait also never overlap
/// one another).
///
/// ```swift
/// @Suite(.resourceBalanced) struct MapTests { ... }
/// ```
public struct ResourceBalanceTrait: TestTrait, SuiteTrait, TestScoping {
    /// The longest wait for scheduled work and the count to come back before failing.
    public var settle: Duration

    /// Applies to every test of a suite, not to the suite as a whole.
    public var isRecursive: Bool { true }

    /// Checks the balance around one test.
    public func provideScope(
        for test: Test,
        testCase: Test.Case?,
        performing function: @Sendable () async throws -> Void
    ) async throws {
        guard Resources.isEnabled, testCase != nil || !test.isSuite else {
            try await function()
            return
        }
        try await ResourceBalanceGate.shared.run {
            let scope = ResourceScope("resourceBalanced \(test.name)")
            let total = { Int(Resources.total) }
            // Resources an earlier test's background work is still releasing are not ours.
            _ = await LeakSettle.untilQuiet(for: .milliseconds(20), timeout: .milliseconds(500))
                .waitUntilSettled(scope: scope, count: total)
            let before = Resources.snapshot()
            try await scope.run(isolation: nil) { try await function() }
            let outcome = await LeakSettle.untilQuiet(for: .milliseconds(20), timeout: settle)
                .waitUntilSettled(scope: scope, count: total)
            let after = Resources.snapshot()
            guard after.total != before.total else { return }
            let message = ResourceBalanceMessage(
                testName: test.name,
                before: before,
                after: after,
                sites: scope.sites(),
                outcome: outcome
            )
            LeakIssue.record(message.text, sourceLocation: test.sourceLocation)
        }
    }
}

extension Trait where Self == ResourceBalanceTrait {
    /// Fails each test that leaves resources alive (with the `TraceResources` trait on).
    public static var resourceBalanced: ResourceBalanceTrait {
        ResourceBalanceTrait(settle: .seconds(2))
    }

    /// Fails each test that leaves resources alive after waiting up to `settle` for them.
    public static func resourceBalanced(settle: Duration) -> ResourceBalanceTrait {
        ResourceBalanceTrait(settle: settle)
    }
}

/// Lets one balance-checked test run at a time, so their global counts do not mix.
actor ResourceBalanceGate {
    static let shared = ResourceBalanceGate()

    private var busy = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    func run(_ body: @Sendable () async throws -> Void) async throws {
        await acquire()
        do {
            try await body()
        } catch {
            release()
            throw error
        }
        release()
    }

    private func acquire() async {
        if !busy {
            busy = true
            return
        }
        await withCheckedContinuation { waiters.append($0) }
    }

    private func release() {
        if waiters.isEmpty {
            busy = false
        } else {
            waiters.removeFirst().resume()
        }
    }
}
