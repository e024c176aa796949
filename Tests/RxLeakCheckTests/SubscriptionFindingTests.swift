import RxCore
import RxLeakCheck
import RxTraceAnalysis
import Testing

@testable import RxTest

/// The `#fileID` these tests' lines are reported under.
private let findingTestFile = "RxLeakCheckTests/SubscriptionFindingTests.swift"

/// One retained subscription is one finding, named by the line whose closure keeps the owner
/// alive: not one finding per line that allocated something, and not the innocent bindings
/// that share the owner's dispose bag.
@Suite("One finding per retained subscription, on the capturing line", .enabled(if: Resources.isEnabled, "needs the TraceResources trait"))
struct SubscriptionFindingTests {
    /// The line of `SearchViewModel`'s strong capture.
    private static let capturingLine = SearchViewModel.capturingLine

    @Test("three innocent bindings and one capturing subscribe(onNext:) are one finding at the subscribe line")
    func ownerWithInnocentBindings() throws {
        let report = LeakCheck.run(settle: .immediately) { _ = SearchViewModel() }
        let line = "\(findingTestFile):\(SearchViewModel.capturingLine)"
        #expect(report.verdict == .leaking, "\(report.summary)")
        #expect(report.sites.count == 1, "\(report.summary)")
        let finding = try #require(report.sites.first)
        #expect(finding.userFrame == line, "\(report.summary)")
        #expect(finding.subscription == .closure)
        // Everything that grew is in that one finding, so a baseline entry accounts for it.
        #expect(finding.leaked == report.growthPerIteration, "\(report.summary)")
        #expect(finding.keptAlive.count >= 3, "the three bindings and the owner's own resources: \(report.summary)")
        #expect(report.hints.first?.site == line, "\(report.summary)")
        #expect(report.summary.contains("1 distinct leak"), "\(report.summary)")
        #expect(report.summary.contains("Likely cause: the subscription at \(line)"), "\(report.summary)")
        // The baseline has one entry, and it accepts the leak.
        let baseline = LeakBaseline(accepting: report)
        #expect(baseline.entries.map(\.note) == [line])
        #expect(baseline.evaluate(report).passes, "\(report.summary)")
        // The test helpers' message names that line first and only that finding.
        let message = try #require(LeakExpectation.failureMessage(report, baseline: nil, context: "search"))
        #expect(message.contains("1 distinct leak"), "\(message)")
        #expect(message.contains("Likely cause: the subscription at \(line)"), "\(message)")
    }

    @Test("the same owner released properly gives no finding")
    func cleanOwner() {
        let report = LeakCheck.run(settle: .immediately) {
            let model = SearchViewModel()
            model.close()
        }
        #expect(report.verdict == .clean, "\(report.summary)")
        #expect(report.sites.allSatisfy { $0.leaked == 0 }, "\(report.summary)")
    }

    @Test("a capture in an operator closure of a multi-line chain is one finding at the chain's line")
    func captureInAnOperatorClosure() throws {
        let report = LeakCheck.run(settle: .immediately) { _ = PriceFormatter() }
        #expect(report.verdict == .leaking, "\(report.summary)")
        #expect(report.sites.count == 1, "\(report.summary)")
        let finding = try #require(report.sites.first)
        let lines = PriceFormatter.chainLines.map { "\(findingTestFile):\($0)" }
        #expect(lines.contains(finding.userFrame), "\(report.summary)")
        #expect(finding.leaked == report.growthPerIteration, "\(report.summary)")
    }

    @Test("a child capturing its parent through bind(onNext:) is one finding at that line")
    func childCapturesParent() throws {
        let report = LeakCheck.run(settle: .immediately) { _ = ParentScreen() }
        let line = "\(findingTestFile):\(ParentScreen.capturingLine)"
        #expect(report.verdict == .leaking, "\(report.summary)")
        #expect(report.sites.count == 1, "\(report.summary)")
        #expect(report.sites.first?.userFrame == line, "\(report.summary)")
        #expect(report.hints.first?.site == line, "\(report.summary)")
    }

    @Test("a create that forgets an inner subscription is named at the line inside create")
    func createForgetsAnInnerSubscription() throws {
        let source = PublishSubject<Int>()
        let report = LeakCheck.run(settle: .immediately) {
            let subscription = source.forgetfulMirror().subscribe(onNext: { _ in })
            subscription.dispose()
        }
        let line = "\(findingTestFile):\(forgetfulMirrorInnerLine)"
        #expect(report.verdict == .leaking, "\(report.summary)")
        #expect(report.sites.count == 1, "\(report.summary)")
        #expect(report.sites.first?.userFrame == line, "\(report.summary)")
        #expect(report.summary.contains(line), "\(report.summary)")
    }

    @Test("a create that disposes its inner subscription gives no finding")
    func createThatDisposesItsInnerSubscription() {
        let source = PublishSubject<Int>()
        let report = LeakCheck.run(settle: .immediately) {
            let subscription = source.carefulMirror().subscribe(onNext: { _ in })
            subscription.dispose()
        }
        #expect(report.verdict == .clean, "\(report.summary)")
    }
}

/// A search screen's view model: three bindings that hold nothing of the model, and one
/// subscription whose closure captures it while it holds the bag, a retain cycle.
private final class SearchViewModel {
    static let capturingLine = #line + 19
    let query = PublishSubject<String>()
    let isSearching = PublishRelay<Bool>()
    let title = BehaviorRelay<String>(value: "")
    let results = BehaviorRelay<[String]>(value: [])
    var bag = DisposeBag()
    var lastQuery = ""

    init() {
        query.map { !$0.isEmpty }
            .bind(to: isSearching)
            .disposed(by: bag)
        query.map { "Search: \($0)" }
            .bind(to: title)
            .disposed(by: bag)
        query.flatMapLatest { query in Observable.just([query, query + "!"]) }
            .bind(to: results)
            .disposed(by: bag)
        query
            .subscribe(onNext: { query in self.lastQuery = query })
            .disposed(by: bag)
        query.onNext("rx")
    }

    /// Ends every subscription, which breaks the cycle.
    func close() {
        bag = DisposeBag()
    }
}

/// Formats prices; the operator closure of its one chain captures it.
private final class PriceFormatter {
    static let chainLines = Array((#line + 8)...(#line + 12))
    let prices = PublishSubject<Double>()
    let labels = PublishRelay<String>()
    let bag = DisposeBag()
    let currency = "EUR"

    init() {
        // The chain's first call and its last: either names it.
        prices
            .filter { $0 >= 0 }
            .map { "\($0) \(self.currency)" }
            .bind(to: labels)
            .disposed(by: bag)
    }
}

/// A parent screen that binds its child's taps with a closure capturing the parent, into the
/// child's bag: parent → child → bag → subscription → closure → parent.
private final class ParentScreen {
    static let capturingLine = #line + 9
    let child = ChildView()
    let tapCount = BehaviorRelay<Int>(value: 0)
    let bag = DisposeBag()
    var taps = 0

    init() {
        child.taps.map { 1 }.bind(to: tapCount).disposed(by: bag)
        child.taps
            .bind(onNext: { self.taps += 1 })
            .disposed(by: child.bag)
    }
}

/// The child of ``ParentScreen``.
private final class ChildView {
    let taps = PublishRelay<Void>()
    let bag = DisposeBag()
}

/// The line inside ``ObservableType/forgetfulMirror()`` that makes the forgotten subscription.
private let forgetfulMirrorInnerLine = #line + 7

extension ObservableType {
    /// Mirrors the source, but forgets the inner subscription: disposing the mirror's
    /// subscription leaves the inner one alive.
    fileprivate func forgetfulMirror() -> Observable<Element> {
        Observable.create { observer in
            _ = self.subscribe(onNext: { observer.onNext($0) })
            return Disposables.create()
        }
    }

    /// Mirrors the source and disposes the inner subscription with its own.
    fileprivate func carefulMirror() -> Observable<Element> {
        Observable.create { observer in
            self.subscribe(onNext: { observer.onNext($0) })
        }
    }
}
