import Dispatch
import RxCore
import RxLeakCheck
import RxTraceAnalysis
import Testing

/// The leaks of the reference documents, flagged, and their clean counterparts, passed.
///
/// Each leaking scenario keeps what it leaks in a ``Leftovers`` list and releases it at the
/// end, so the process is clean again for the tests after it.
@Suite("LeakCheck on the reference documents' leaks", .enabled(if: Resources.isEnabled, "needs the TraceResources trait"), .offPool)
struct ReferenceLeakTests {
    // MARK: - Leaks that must be flagged

    @Test("a create that never completes, never disposed, leaks once per iteration, named at its subscribe line")
    func createNeverCompleted() {
        let leftovers = Leftovers()
        defer { leftovers.release() }
        let subscribeLine = #line + 3
        let report = LeakCheck.run(settle: .immediately) {
            let never = Observable<String>.create { _ in Disposables.create() }
            leftovers.keep(never.subscribe(onNext: { print($0) }))
        }
        #expect(report.verdict == .leaking)
        #expect(report.iterations == LeakCheck.defaultMaxIterations)
        #expect(report.stop == .limit)
        #expect(report.growthPerIteration > 0)
        #expect(report.growth.allSatisfy { $0 == report.growth[0] && $0 > 0 })
        #expect(report.leakingTypes.contains { $0.name.contains("AnonymousObserver") })
        #expect(report.siteCapture != .off)
        let site = report.sites.first
        #expect(site?.userFrame == "RxLeakCheckTests/ReferenceLeakTests.swift:\(subscribeLine)")
        #expect(report.distinctLeaks == 1)
        #expect(report.summary.contains("ReferenceLeakTests.swift:\(subscribeLine)"))
    }

    @Test("an interval subscription never disposed leaks")
    func intervalNeverDisposed() {
        let leftovers = Leftovers()
        let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "leak-check.interval")
        let report = LeakCheck.run(settle: .untilQuiet(for: .milliseconds(5))) {
            leftovers.keep(Observable<Int>.interval(.seconds(3600), scheduler: scheduler).subscribe())
        }
        leftovers.release()
        #expect(report.verdict == .leaking)
        #expect(report.leakingTypes.isEmpty == false)
    }

    @Test("a subscription whose closure holds its owner, while the owner holds the bag, is a retain cycle")
    func retainCycle() {
        let leftovers = Leftovers()
        defer { leftovers.release() }
        let report = LeakCheck.run(settle: .immediately) {
            let screen = CyclicScreen()
            screen.open()
            leftovers.keep(screen)
        }
        #expect(report.verdict == .leaking)
        #expect(report.leakingTypes.contains { $0.name.hasPrefix("PublishSubject") })
        #expect(report.leakingTypes.contains { $0.name == "DisposeBag" })
        #expect(report.sites.contains { $0.userFrame.hasPrefix("RxLeakCheckTests/ReferenceLeakTests.swift:") })
    }

    @Test("subscriptions added to a dispose bag that is kept forever leak")
    func bagKeptForever() {
        let forever = DisposeBag()
        let subject = PublishSubject<Int>()
        let report = LeakCheck.run(settle: .immediately) {
            subject.map { $0 + 1 }.subscribe().disposed(by: forever)
        }
        #expect(report.verdict == .leaking)
        #expect(report.leakingTypes.contains { $0.name.hasPrefix("MapSink") })
        subject.onCompleted()
    }

    @Test("asynchronous scenarios: a task's subscription that is never disposed leaks")
    func asyncLeak() async {
        let leftovers = Leftovers()
        defer { leftovers.release() }
        let subject = PublishSubject<Int>()
        let report = await LeakCheck.run(settle: .immediately) {
            await Task.yield()
            leftovers.keep(subject.subscribe())
        }
        #expect(report.verdict == .leaking)
    }

    // MARK: - Clean cases that must pass

    @Test("finite sequences that are never disposed explicitly are clean")
    func finiteSequences() {
        let report = LeakCheck.run(settle: .immediately) {
            _ = Observable.of(1, 2, 3).map { $0 * 2 }.filter { $0 > 2 }.subscribe()
            _ = Observable.just("a").subscribe(onNext: { _ in })
        }
        #expect(report.verdict == .clean)
        #expect(report.totals.allSatisfy { $0 == report.totals[0] })
    }

    @Test("a dispose bag per repetition is clean")
    func bagPerRepetition() {
        let subject = PublishSubject<Int>()
        let report = LeakCheck.run(settle: .immediately) {
            let bag = DisposeBag()
            subject.map { $0 + 1 }.subscribe().disposed(by: bag)
            subject.onNext(1)
        }
        #expect(report.verdict == .clean)
    }

    @Test("take(until:) with its trigger fired is clean")
    func takeUntilFired() {
        let subject = PublishSubject<Int>()
        let report = LeakCheck.run(settle: .immediately) {
            let closed = PublishSubject<Void>()
            _ = subject.take(until: closed).subscribe()
            closed.onNext(())
        }
        #expect(report.verdict == .clean)
    }

    @Test("a lazily created shared observable that exists after the first run only is clean")
    func lazySharedObservable() {
        let holder = LazyHolder()
        let report = LeakCheck.run(settle: .immediately) {
            let subscription = holder.shared.subscribe()
            subscription.dispose()
        }
        #expect(report.verdict == .clean)
        #expect(holder.created)
    }

    @Test("a cyclic screen whose owner breaks the cycle on close is clean")
    func cycleBrokenOnClose() {
        let report = LeakCheck.run(settle: .immediately) {
            let screen = CyclicScreen()
            screen.open()
            screen.close()
        }
        #expect(report.verdict == .clean)
    }

    @Test("a disposal that runs on a queue settles before counting")
    func disposalOnAQueue() {
        let queue = DispatchQueue(label: "leak-check.settle")
        let scheduler = SerialDispatchQueueScheduler(queue: queue, internalSerialQueueName: "leak-check.settle.serial")
        let subject = PublishSubject<Int>()
        let report = LeakCheck.run(settle: .draining(queue)) {
            let subscription = subject.observe(on: scheduler).subscribe()
            subject.onNext(1)
            subscription.dispose()
        }
        #expect(report.verdict == .clean)
    }
}

// MARK: - Scenario parts

/// Holds what a leaking scenario leaked until the test releases it.
final class Leftovers: @unchecked Sendable {
    private let lock = DispatchQueue(label: "leftovers")
    private var items: [Any] = []

    func keep(_ item: Any) {
        lock.sync { items.append(item) }
    }

    /// Disposes what was kept and breaks the cycles of kept screens.
    func release() {
        let all = lock.sync { () -> [Any] in
            defer { items = [] }
            return items
        }
        for item in all {
            if let disposable = item as? Disposable { disposable.dispose() }
            if let screen = item as? CyclicScreen { screen.close() }
        }
    }
}

/// A screen whose subscription captures the screen strongly while the screen holds the bag:
/// a cycle unless ``close()`` replaces the bag.
final class CyclicScreen {
    let query = PublishSubject<String>()
    var bag = DisposeBag()
    var lastQuery = ""
    /// The line of the subscription that captures the screen.
    static let subscribeLine = #line + 3

    func open() {
        query.subscribe(onNext: { value in self.lastQuery = value }).disposed(by: bag)
    }

    func close() {
        bag = DisposeBag()
    }
}

/// A shared observable made on first use and kept.
final class LazyHolder {
    private(set) var created = false
    lazy var shared: Observable<Int> = {
        created = true
        return Observable.just(1).share(replay: 1, scope: .forever)
    }()
}
