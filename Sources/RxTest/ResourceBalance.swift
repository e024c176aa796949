import Foundation
import RxCore
import RxLeakCheck
import RxTraceAnalysis
import Testing

/// A Swift Testing trait that fails a test whose resources are still alive when it ends.
///
/// With the `TraceResources` trait on, the test runs in its own `ResourceScope`, so only the
/// resources the test itself allocated are counted: the verdict is the same under the default
/// parallel `swift test` as under `--no-parallel`. Afterwards the trait settles the way
/// `LeakCheck` does (`LeakSettle`): it waits until the work the test scheduled has run or been
/// cancelled and its count has not moved for 20 ms, at most `settle`. If any of the test's
/// resources are still alive then, it records an issue at the test's own declaration naming
/// the types that stayed alive and the lines of code that allocated them. Resources made by
/// blocks the test hands to a `DispatchQueue` or `OperationQueue` directly belong to no scope
/// and are not seen (the subscriptions the test made are).
///
/// Without the `TraceResources` trait nothing can be counted, and the trait says so instead
/// of passing silently: the tests run, and a warning (once for a suite that carries the trait,
/// or once for a test that carries it itself) names the trait and
/// `swift test --traits TraceResources`. When the `CI` environment variable is set that is a
/// failure, unless `RXTRACE_ALLOW_UNCOUNTED=1` allows uncounted runs.
///
/// ```swift
/// @Suite(.resourceBalanced) struct MapTests { ... }
/// ```
@available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *)
public struct ResourceBalanceTrait: TestTrait, SuiteTrait, TestScoping {
    /// The longest wait for scheduled work and the count to come back before failing
    /// (`.never`: no limit).
    public var settle: RxTimeInterval

    /// Applies to every test of a suite, not to the suite as a whole.
    public var isRecursive: Bool { true }

    /// A scope for each test case, and one for a suite (where an uncounted build is reported
    /// once for all of its tests).
    public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
        test.isSuite || testCase != nil ? self : nil
    }

    /// Checks the balance around one test.
    public func provideScope(
        for test: Test,
        testCase: Test.Case?,
        performing function: @Sendable () async throws -> Void
    ) async throws {
        guard Resources.isEnabled else {
            try await runUncounted(test, function)
            return
        }
        guard !test.isSuite else {
            try await function()
            return
        }
        let scope = ResourceScope("resourceBalanced \(test.name)")
        try await scope.run(isolation: nil) { try await function() }
        let pending = scope.pendingWork(dueWithinNanoseconds: 2_000_000_000)
        if scope.snapshot().total == 0, pending.dueSoon == 0, pending.dueLater == 0 { return }
        let outcome = await LeakSettle.untilQuiet(for: .milliseconds(20), timeout: settle)
            .waitUntilSettled(scope: scope) { scope.snapshot().total }
        let alive = scope.snapshot()
        guard alive.total != 0 else { return }
        let message = ResourceBalanceMessage(testName: test.name, alive: alive, sites: scope.sites(), outcome: outcome)
        LeakIssue.record(message.text, sourceLocation: test.sourceLocation)
    }

    /// Runs `function` in a build that cannot count and reports that once: at the outermost
    /// suite or test that carries the trait.
    private func runUncounted(_ test: Test, _ function: @Sendable () async throws -> Void) async throws {
        if UncountedReport.isReported {
            try await function()
            return
        }
        LeakIssue.recordUncounted(UncountedLeakCheck.outcome(), sourceLocation: test.sourceLocation)
        try await UncountedReport.$isReported.withValue(true) { try await function() }
    }

    /// Whether an enclosing suite already reported that this build cannot count.
    private enum UncountedReport {
        @TaskLocal static var isReported = false
    }
}

@available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *)
extension Trait where Self == ResourceBalanceTrait {
    /// Fails each test that leaves resources alive (with the `TraceResources` trait on).
    public static var resourceBalanced: ResourceBalanceTrait {
        ResourceBalanceTrait(settle: .seconds(2))
    }

    /// Fails each test that leaves resources alive after waiting up to `settle` for them.
    ///
    /// - Parameter settle: The longest wait, such as `.seconds(5)`; `.never` waits without a
    ///   limit.
    public static func resourceBalanced(settle: RxTimeInterval) -> ResourceBalanceTrait {
        ResourceBalanceTrait(settle: settle)
    }
}
