#if TraceResources
import Foundation
import RxCore
import RxTest
import Testing

/// Subscriptions a scenario keeps alive until the test lets them go.
/// `@unchecked`: every access to `items` holds `lock`.
private final class Kept: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [any Disposable] = []

    func add(_ item: any Disposable) {
        lock.withLock { items.append(item) }
    }

    func release() {
        let all = lock.withLock {
            defer { items = [] }
            return items
        }
        for item in all { item.dispose() }
    }
}

/// The `.resourceBalanced` trait, driven through its `provideScope` from inside a test, so the
/// issue it records can be caught and inspected. Run with `--no-parallel`: the balance is global.
@Suite("The .resourceBalanced trait", .serialized)
struct ResourceBalanceTests {
    @Test("a leak is recorded at the test's declaration, names its allocation line and does not wait the full settle")
    func leakIsRecordedAtTheTest() async throws {
        let test = try #require(Test.current)
        let subject = PublishSubject<Int>()
        let kept = Kept()
        defer { kept.release() }
        let leakLine = #line + 5
        let clock = ContinuousClock()
        let start = clock.now
        try await withKnownIssue {
            try await ResourceBalanceTrait.resourceBalanced.provideScope(for: test, testCase: Test.Case.current) {
                kept.add(subject.subscribe { _ in })
            }
        } matching: { issue in
            let text = issue.error.map { "\($0)" } ?? ""
            return issue.sourceLocation == test.sourceLocation
                && text.contains("Resources.total went from")
                && text.contains("RxTestTests/ResourceBalanceTests.swift:\(leakLine)")
        }
        // The settle stops once nothing is pending and the count is quiet, not after 2 s.
        #expect(clock.now - start < .seconds(1))
    }

    @Test("scheduled work that releases the test's resources later is waited for")
    func pendingWorkIsWaitedFor() async throws {
        let test = try #require(Test.current)
        let scheduler = SerialDispatchQueueScheduler(qos: .default)
        try await ResourceBalanceTrait.resourceBalanced(settle: .seconds(5)).provideScope(for: test, testCase: Test.Case.current) {
            // Alive for 150 ms, much longer than the 20 ms quiet window: only waiting for the
            // pending timer keeps this from being reported.
            _ = Observable.just(1).delay(.milliseconds(150), scheduler: scheduler).subscribe()
        }
    }

    @Test("a balanced test records nothing")
    func balancedTestRecordsNothing() async throws {
        let test = try #require(Test.current)
        try await ResourceBalanceTrait.resourceBalanced.provideScope(for: test, testCase: Test.Case.current) {
            _ = Observable.of(1, 2, 3).map { $0 * 2 }.subscribe()
        }
    }
}
#endif
