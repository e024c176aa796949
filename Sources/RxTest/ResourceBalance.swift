import Foundation
import RxCore
import Testing

/// A Swift Testing trait that fails a test whose resources are still alive when it ends.
///
/// With the `TraceResources` trait on, the test's ``Resources`` snapshot is taken before it
/// runs; afterwards the trait waits (up to `settle`) for scheduled work to drain until the
/// total is back at its starting value, and records an issue naming the types that stayed
/// alive if it never gets there. Without the `TraceResources` trait it does nothing.
///
/// Global counts only mean something when no other test runs at the same time: run such
/// suites with `swift test --no-parallel` (tests that carry this trait also never overlap
/// one another).
///
/// ```swift
/// @Suite(.resourceBalanced) struct MapTests { ... }
/// ```
public struct ResourceBalanceTrait: TestTrait, SuiteTrait, TestScoping {
    /// How long to wait for the count to come back before failing.
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
            try await Self.waitUntilCountsSettle()
            let before = Resources.snapshot()
            try await function()
            let clock = ContinuousClock()
            let deadline = clock.now.advanced(by: settle)
            while Resources.total != Int32(truncatingIfNeeded: before.total), clock.now < deadline {
                try await Task.sleep(for: .milliseconds(2))
            }
            let after = Resources.snapshot()
            if after.total != before.total {
                let changes = after.difference(from: before)
                    .sorted { $0.key < $1.key }
                    .map { "\($0.key) \($0.value > 0 ? "+" : "")\($0.value)" }
                    .joined(separator: ", ")
                Issue.record(
                    "Resources.total went from \(before.total) to \(after.total) in \(test.name): \(changes)"
                )
            }
        }
    }
}

extension ResourceBalanceTrait {
    /// Waits (at most half a second) until the total has not moved for 20 ms, so resources
    /// that an earlier test's background work is still releasing are not counted as ours.
    static func waitUntilCountsSettle() async throws {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: .milliseconds(500))
        var last = Resources.total
        var stableSince = clock.now
        while clock.now < deadline, clock.now - stableSince < .milliseconds(20) {
            try await Task.sleep(for: .milliseconds(1))
            let current = Resources.total
            if current != last {
                last = current
                stableSince = clock.now
            }
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
