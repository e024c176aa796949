#if TraceResources
import Foundation
import RxCore
import RxTest
import Testing
import TestSupport

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

/// A count shared with another thread.
private final class SharedCount: Sendable {
    private let storage = Locked(0)
    var value: Int { storage.withLock { $0 } }
    func increment() { storage.withLock { $0 += 1 } }
}

/// The `.resourceBalanced` trait, driven through its `provideScope` from inside a test, so the
/// issue it records can be caught and inspected. It counts only the test's own scope, so these
/// tests hold under parallel runs too.
@Suite("The .resourceBalanced trait", .serialized, .offPool)
struct ResourceBalanceTests {
    @Test("a leak is recorded at the test's declaration, names its allocation line and does not wait the full settle")
    func leakIsRecordedAtTheTest() async throws {
        let test = try #require(Test.current)
        let subject = PublishSubject<Int>()
        let kept = Kept()
        defer { kept.release() }
        let leakLine = #line + 4
        let start = MonotonicInstant.now
        try await withKnownIssue {
            try await ResourceBalanceTrait.resourceBalanced.provideScope(for: test, testCase: Test.Case.current) {
                kept.add(subject.subscribe { _ in })
            }
        } matching: { issue in
            let text = issue.error.map { "\($0)" } ?? ""
            return issue.sourceLocation == test.sourceLocation
                && text.contains("left 2 of its resources alive")
                && text.contains("RxTestTests/ResourceBalanceTests.swift:\(leakLine)")
        }
        // The settle stops once nothing is pending and the count is quiet, not after 2 s.
        #expect(start.seconds(to: .now) < 1)
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

    @Test("a settle of .never, given as an RxTimeInterval, waits for the test's scheduled work without a limit")
    func neverSettleHasNoLimit() async throws {
        let test = try #require(Test.current)
        let scheduler = SerialDispatchQueueScheduler(qos: .default)
        let settle: RxTimeInterval = .never
        let start = MonotonicInstant.now
        try await ResourceBalanceTrait.resourceBalanced(settle: settle).provideScope(for: test, testCase: Test.Case.current) {
            _ = Observable.just(1).delay(.milliseconds(150), scheduler: scheduler).subscribe()
        }
        #expect(start.seconds(to: .now) >= 0.15)
    }

    @Test("a balanced test records nothing while another thread leaks all the time")
    func balancedWhileOthersLeak() async throws {
        let test = try #require(Test.current)
        let noiseSource = PublishSubject<Int>()
        let noise = Kept()
        let allocated = SharedCount()
        let stop = SharedCount()
        defer {
            stop.increment()
            noise.release()
        }
        // Another "test": a thread outside the scope that keeps subscriptions alive the whole time.
        DispatchQueue.global().async {
            while stop.value == 0 {
                noise.add(noiseSource.subscribe { _ in })
                allocated.increment()
                Thread.sleep(forTimeInterval: 0.001)
            }
        }
        try await ResourceBalanceTrait.resourceBalanced.provideScope(for: test, testCase: Test.Case.current) {
            _ = Observable.of(1, 2, 3).map { $0 * 2 }.subscribe()
            // The global total moves under this test until the other thread has leaked more.
            let start = allocated.value
            let deadline = MonotonicInstant.after(seconds: 10)
            while allocated.value < start + 5, !deadline.hasPassed {
                try await Task.sleep(milliseconds: 1)
            }
        }
    }

    @Test("the message names the test's leftovers with short type names")
    func shortTypeNames() async throws {
        let test = try #require(Test.current)
        let subject = PublishSubject<Int>()
        let kept = Kept()
        defer { kept.release() }
        try await withKnownIssue {
            try await ResourceBalanceTrait.resourceBalanced.provideScope(for: test, testCase: Test.Case.current) {
                kept.add(subject.map { $0 + 1 }.filter { $0 > 0 }.distinctUntilChanged().subscribe { _ in })
            }
        } matching: { issue in
            let text = issue.error.map { "\($0)" } ?? ""
            // With full generic names this message was about 3 kB.
            return text.contains("map ← filter") && !text.contains("MapSink<") && text.count < 600
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
