import Dispatch
import Foundation
import RxCore
import RxLeakCheck
import RxTest
import RxTraceAnalysis
import Testing

/// The scenarios of the verdict rule, run through `LeakCheck.run` with its defaults, as a new
/// user would: intermittent leaks, bounded caches, asynchronous work that finishes late, a
/// leak behind a scheduler hop, a leak that starts after the warm-up.
@Suite("LeakCheck: verdicts on tricky scenarios", .enabled(if: Resources.isEnabled, "needs the TraceResources trait"), .offPool)
struct LeakVerdictScenarioTests {
    /// A scenario that keeps a subscription on the runs where `leaks(run)` is true (run 1 is
    /// the warm-up), disposing it on the others.
    private static func intermittent(
        _ leftovers: Leftovers,
        settle: LeakSettle = .untilQuiet(),
        leaks: @escaping (Int) -> Bool
    ) -> LeakReport {
        let subject = PublishSubject<Int>()
        var run = 0
        return LeakCheck.run(settle: settle) {
            run += 1
            let subscription = subject.map { $0 + 1 }.subscribe()
            if leaks(run) {
                leftovers.keep(subscription)
            } else {
                subscription.dispose()
            }
        }
    }

    /// A scenario whose subscriptions go into a cache of the `size` most recent ones.
    private static func cached(_ size: Int, settle: LeakSettle = .untilQuiet()) -> LeakReport {
        let cache = RecentSubscriptions(size: size)
        defer { cache.release() }
        let subject = PublishSubject<Int>()
        return LeakCheck.run(settle: settle) {
            cache.keep(subject.map { $0 + 1 }.subscribe())
        }
    }

    @Test("a subscription leaked every other repetition is leaking, whichever repetitions leak", arguments: [0, 1])
    func everyOther(phase: Int) {
        let leftovers = Leftovers()
        defer { leftovers.release() }
        let report = Self.intermittent(leftovers) { $0 % 2 == phase }
        #expect(report.verdict == .leaking, "\(report.summary)")
        #expect(report.stop == .limit)
        #expect(report.iterations == LeakCheck.defaultMaxIterations)
        #expect(report.leakingTypes.contains { $0.name.hasPrefix("MapSink") })
        #expect(report.distinctLeaks == 1)
    }

    @Test("a subscription leaked every third repetition is leaking", arguments: [0, 1, 2])
    func everyThird(phase: Int) {
        let leftovers = Leftovers()
        defer { leftovers.release() }
        let report = Self.intermittent(leftovers) { $0 % 3 == phase }
        #expect(report.verdict == .leaking, "\(report.summary)")
    }

    @Test("a leak that starts only after the warm-up is leaking", arguments: [2, 4])
    func startsAfterWarmUp(from run: Int) {
        let leftovers = Leftovers()
        defer { leftovers.release() }
        let report = Self.intermittent(leftovers) { $0 >= run }
        #expect(report.verdict == .leaking, "\(report.summary)")
    }

    @Test("a bounded cache of 3, 5 or 10 subscriptions is clean, and the check stops when that is clear", arguments: [3, 5, 10])
    func boundedCache(size: Int) {
        let report = Self.cached(size)
        #expect(report.verdict == .clean, "\(report.summary)")
        #expect(report.stop == .clear)
        #expect(report.iterations == max(size - 1 + 5, LeakCheck.defaultIterations))
    }

    @Test("a clean scenario stays cheap: the minimum of repetitions, well under a second")
    func cleanIsCheap() {
        let report = LeakCheck.run {
            _ = Observable.of(1, 2, 3).map { $0 * 2 }.subscribe()
        }
        #expect(report.verdict == .clean)
        #expect(report.iterations == LeakCheck.defaultIterations)
        #expect(report.stop == .clear)
        #expect((report.durationNanoseconds ?? .max) < 1_000_000_000)
        #expect(report.settle?.timeouts == 0)
    }

    @Test("work finishing 20 or 250 ms later on a serial dispatch scheduler settles before the sample", arguments: [20, 250])
    func delayedWorkSettles(milliseconds: Int) {
        let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "leak-verdicts.delay")
        let report = LeakCheck.run {
            _ = Observable.just(1).delay(.milliseconds(milliseconds), scheduler: scheduler).subscribe()
        }
        #expect(report.verdict == .clean, "\(report.summary)")
        #expect(report.settle?.timeouts == 0)
        #expect(report.iterations == LeakCheck.defaultIterations)
        #expect((report.settle?.longestWaitNanoseconds ?? 0) >= milliseconds * 1_000_000)
    }

    @Test("a leak behind a 60 ms delay hop is seen: what the hop allocates is the scenario's")
    func leakBehindADelayedHop() {
        let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "leak-verdicts.hop")
        let subject = PublishSubject<Int>()
        let leftovers = Leftovers()
        defer { leftovers.release() }
        let report = LeakCheck.run {
            _ = Observable.just(1).delay(.milliseconds(60), scheduler: scheduler).subscribe(onNext: { _ in
                leftovers.keep(subject.subscribe())
            })
        }
        #expect(report.verdict == .leaking, "\(report.summary)")
        #expect(report.settle?.timeouts == 0)
        #expect(report.growthPerIteration >= 1)
    }

    @Test("a leak behind an observe(on:) hop is seen")
    func leakBehindObserveOn() {
        let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "leak-verdicts.observe-on")
        let subject = PublishSubject<Int>()
        let leftovers = Leftovers()
        defer { leftovers.release() }
        let report = LeakCheck.run {
            _ = Observable.just(1).observe(on: scheduler).subscribe(onNext: { _ in
                leftovers.keep(subject.subscribe())
            })
        }
        #expect(report.verdict == .leaking, "\(report.summary)")
    }

    @Test("a hop to the main scheduler settles, and a leak behind it is seen")
    func mainSchedulerHop() async {
        let subject = PublishSubject<Int>()
        let leftovers = Leftovers()
        defer { leftovers.release() }
        // The asynchronous form, then the synchronous one.
        let clean = await LeakCheck.run {
            await Task.yield()
            _ = Observable.just(1).observe(on: MainScheduler.instance).subscribe()
        }
        #expect(clean.verdict == .clean, "\(clean.summary)")
        #expect(clean.settle?.timeouts == 0)
        let leaking = LeakCheck.run {
            _ = Observable.just(1).observe(on: MainScheduler.instance).subscribe(onNext: { _ in
                leftovers.keep(subject.subscribe())
            })
        }
        #expect(leaking.verdict == .leaking, "\(leaking.summary)")
    }

    @Test("a settle that runs out of time says so in the report")
    func settleTimeoutIsReported() {
        // The scheduler's queue is held, so the hop the scenario schedules stays pending.
        let queue = DispatchQueue(label: "leak-verdicts.held")
        let gate = DispatchSemaphore(value: 0)
        queue.async { gate.wait() }
        defer { gate.signal() }
        let scheduler = SerialDispatchQueueScheduler(queue: queue, internalSerialQueueName: "leak-verdicts.held.inner")
        let report = LeakCheck.run(
            iterations: 2,
            maxIterations: 2,
            settle: .untilQuiet(for: .milliseconds(5), timeout: .milliseconds(40))
        ) {
            _ = Observable.just(1).observe(on: scheduler).subscribe()
        }
        #expect((report.settle?.timeouts ?? 0) == 3)
        #expect((report.settle?.pendingAtTimeout ?? 0) > 0)
        #expect(report.summary.contains("settling timed out after 3 runs"))
    }

    @Test("a forgotten long timer is not waited for: counted as live, reported as due later, and leaking")
    func longTimerIsNotWaitedFor() {
        let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "leak-verdicts.long-timer")
        let leftovers = Leftovers()
        defer { leftovers.release() }
        let report = LeakCheck.run {
            leftovers.keep(Observable<Int>.timer(.seconds(3600), scheduler: scheduler).subscribe())
        }
        #expect(report.verdict == .leaking)
        #expect((report.settle?.dueLater ?? 0) > 0)
        #expect(report.settle?.timeouts == 0)
        #expect((report.durationNanoseconds ?? .max) < 3_000_000_000)
    }

    @Test("expectNoLeaks and XCTAssertNoLeaks use the same rule: an intermittent leak fails, a cache passes")
    func helpersAgree() throws {
        let leftovers = Leftovers()
        defer { leftovers.release() }
        let subject = PublishSubject<Int>()
        withKnownIssue {
            var run = 0
            expectNoLeaks(settle: .immediately) {
                run += 1
                let subscription = subject.subscribe()
                if run % 2 == 1 { leftovers.keep(subscription) } else { subscription.dispose() }
            }
        } matching: { issue in
            String(describing: issue.kind).contains("the scenario leaks")
        }
        let cache = RecentSubscriptions(size: 5)
        defer { cache.release() }
        let passed = expectNoLeaks(settle: .immediately) { cache.keep(subject.subscribe()) }
        #expect(passed.verdict == .clean)
        let viaXCTest = try XCTAssertNoLeaks(settle: .immediately) { cache.keep(subject.subscribe()) }
        #expect(viaXCTest.verdict == .clean)
    }

    @Test("the tricky scenarios give the same verdict run after run")
    func deterministic() {
        for round in 0..<3 {
            let leftovers = Leftovers()
            #expect(Self.intermittent(leftovers) { $0 % 2 == 1 }.verdict == .leaking, "round \(round)")
            #expect(Self.intermittent(leftovers) { $0 % 3 == 1 }.verdict == .leaking, "round \(round)")
            leftovers.release()
            #expect(Self.cached(5).verdict == .clean, "round \(round)")
            #expect(Self.cached(10).verdict == .clean, "round \(round)")
            let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "leak-verdicts.repeat")
            let delayed = LeakCheck.run {
                _ = Observable.just(1).delay(.milliseconds(20), scheduler: scheduler).subscribe()
            }
            #expect(delayed.verdict == .clean, "round \(round): \(delayed.summary)")
        }
        // Without settling waits, many more rounds are cheap.
        for round in 0..<20 {
            let leftovers = Leftovers()
            #expect(Self.intermittent(leftovers, settle: .immediately) { $0 % 3 == 0 }.verdict == .leaking, "round \(round)")
            leftovers.release()
            #expect(Self.cached(10, settle: .immediately).verdict == .clean, "round \(round)")
        }
    }
}

/// A cache of the most recent subscriptions: keeping one more than `size` disposes the oldest.
final class RecentSubscriptions: @unchecked Sendable {
    private let lock = NSLock()
    private let size: Int
    private var items: [Disposable] = []

    init(size: Int) {
        self.size = size
    }

    func keep(_ subscription: Disposable) {
        lock.lock()
        items.append(subscription)
        let evicted = items.count > size ? items.removeFirst() : nil
        lock.unlock()
        evicted?.dispose()
    }

    func release() {
        lock.lock()
        let all = items
        items = []
        lock.unlock()
        all.forEach { $0.dispose() }
    }
}
