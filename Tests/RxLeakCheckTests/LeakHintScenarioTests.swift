import RxCore
import RxLeakCheck
import RxTraceAnalysis
import Testing

/// The likely cause a report names for the reference documents' leaks, and none for a clean
/// scenario.
@Suite("LeakCheck names the likely cause of real leaks", .enabled(if: Resources.isEnabled, "needs the TraceResources trait"))
struct LeakHintScenarioTests {
    @Test("the retain cycle of a screen whose subscription captures it: the subscription's line, subscribe(with:) or [weak self]")
    func retainCycle() throws {
        let leftovers = Leftovers()
        defer { leftovers.release() }
        let report = LeakCheck.run(settle: .immediately) {
            let screen = CyclicScreen()
            screen.open()
            leftovers.keep(screen)
        }
        #expect(report.verdict == .leaking)
        let hint = try #require(report.hints.first)
        #expect(hint.pattern == .retainCycle)
        #expect(hint.site == "RxLeakCheckTests/ReferenceLeakTests.swift:\(CyclicScreen.subscribeLine)")
        #expect(
            report.summary.contains(
                "Likely cause: the subscription at RxLeakCheckTests/ReferenceLeakTests.swift:\(CyclicScreen.subscribeLine) is alive together with the dispose bag it was added to"
            ))
        #expect(report.summary.contains("`subscribe(with:)` or `[weak self]`"))
    }

    @Test("a subscription kept and never ended: dispose it or end its source")
    func subscriptionNeverDisposed() throws {
        let leftovers = Leftovers()
        defer { leftovers.release() }
        let subscribeLine = #line + 3
        let report = LeakCheck.run(settle: .immediately) {
            let never = Observable<String>.create { _ in Disposables.create() }
            leftovers.keep(never.subscribe(onNext: { _ in }))
        }
        let hint = try #require(report.hints.first)
        #expect(hint.pattern == .subscriptionNeverDisposed)
        #expect(hint.site == "RxLeakCheckTests/LeakHintScenarioTests.swift:\(subscribeLine)")
    }

    @Test("an interval never disposed: periodic work that keeps running")
    func intervalNeverDisposed() throws {
        let leftovers = Leftovers()
        defer { leftovers.release() }
        let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "leak-hint.interval")
        let report = LeakCheck.run(settle: .untilQuiet(for: .milliseconds(5))) {
            leftovers.keep(Observable<Int>.interval(.seconds(3600), scheduler: scheduler).subscribe())
        }
        #expect(report.verdict == .leaking)
        #expect(report.hints.map(\.pattern) == [.periodicWorkNeverDisposed], "types: \(report.leakingTypes.map(\.name))")
    }

    @Test("subjects kept every repetition, with nothing subscribed: subjects accumulate")
    func subjectsAccumulate() {
        let leftovers = Leftovers()
        defer { leftovers.release() }
        let report = LeakCheck.run(settle: .immediately) {
            leftovers.keep(PublishSubject<Int>())
        }
        #expect(report.verdict == .leaking)
        #expect(report.hints.map(\.pattern) == [.subjectsAccumulate], "types: \(report.leakingTypes.map(\.name))")
    }

    @Test("the same screen closed properly is clean and gets no hint")
    func cleanScreen() {
        let report = LeakCheck.run(settle: .immediately) {
            let screen = CyclicScreen()
            screen.open()
            screen.close()
        }
        #expect(report.verdict == .clean)
        #expect(report.hints.isEmpty)
        #expect(!report.summary.contains("Likely cause"))
    }
}
