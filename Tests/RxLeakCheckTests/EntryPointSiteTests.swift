import RxCore
import RxLeakCheck
import RxTest
import RxTraceAnalysis
import Testing

/// The `#fileID` these tests' lines are reported under.
private let entryPointTestFile = "RxLeakCheckTests/EntryPointSiteTests.swift"

/// Every way of subscribing records the caller's line: a subscription kept alive on purpose
/// shows up in the leak report at the line that made it, not as an unknown site or a line
/// inside the library.
@Suite("Entry points name the calling line in a leak report", .enabled(if: Resources.isEnabled, "needs the TraceResources trait"))
struct EntryPointSiteTests {
    /// Runs a check on `scenario`, which keeps one subscription alive per run, and expects the
    /// report to name `line` of this file.
    private func expectReportNames(
        _ line: Int,
        _ entryPoint: String,
        sourceLocation: SourceLocation = #_sourceLocation,
        _ scenario: (Leftovers) -> Void
    ) {
        let leftovers = Leftovers()
        defer { leftovers.release() }
        let report = LeakCheck.run(settle: .immediately) { scenario(leftovers) }
        let site = "\(entryPointTestFile):\(line)"
        #expect(report.verdict == .leaking, "\(entryPoint): \(report.summary)", sourceLocation: sourceLocation)
        #expect(report.sites.contains { $0.userFrame == site }, "\(entryPoint): \(report.summary)", sourceLocation: sourceLocation)
        #expect(report.summary.contains(site), "\(entryPoint)", sourceLocation: sourceLocation)
    }

    @Test("Observable: subscribe with closures, an event closure and with:")
    func observableSubscribe() {
        let subject = PublishSubject<Int>()
        let owner = Owner()
        expectReportNames(#line + 1, "subscribe(onNext:)") {
            $0.keep(subject.subscribe(onNext: { _ in }))
        }
        expectReportNames(#line + 1, "subscribe(_:)") {
            $0.keep(subject.subscribe { _ in })
        }
        expectReportNames(#line + 1, "subscribe(with:onNext:)") {
            $0.keep(subject.subscribe(with: owner, onNext: { _, _ in }))
        }
    }

    @Test("Observable: bind to observers, subjects, Binders and relays, and bind(onNext:)")
    func observableBind() {
        let subject = PublishSubject<Int>()
        let target = PublishSubject<Int>()
        let optionalTarget = PublishSubject<Int?>()
        let owner = Owner()
        let binder = Binder<Int>(owner) { _, _ in }
        let publish = PublishRelay<Int>()
        let behavior = BehaviorRelay<Int>(value: 0)
        let replay = ReplayRelay<Int>.create(bufferSize: 1)
        let optionalRelay = PublishRelay<Int?>()
        expectReportNames(#line + 1, "bind(to: subject)") {
            $0.keep(subject.bind(to: target))
        }
        expectReportNames(#line + 1, "bind(to: optional subject)") {
            $0.keep(subject.bind(to: optionalTarget))
        }
        expectReportNames(#line + 1, "bind(to: Binder)") {
            $0.keep(subject.bind(to: binder))
        }
        expectReportNames(#line + 1, "bind(to: PublishRelay)") {
            $0.keep(subject.bind(to: publish))
        }
        expectReportNames(#line + 1, "bind(to: BehaviorRelay)") {
            $0.keep(subject.bind(to: behavior))
        }
        expectReportNames(#line + 1, "bind(to: ReplayRelay)") {
            $0.keep(subject.bind(to: replay))
        }
        expectReportNames(#line + 1, "bind(to: optional relay)") {
            $0.keep(subject.bind(to: optionalRelay))
        }
        expectReportNames(#line + 1, "bind(onNext:)") {
            $0.keep(subject.bind(onNext: { _ in }))
        }
        expectReportNames(#line + 1, "bind(with:onNext:)") {
            $0.keep(subject.bind(with: owner, onNext: { _, _ in }))
        }
    }

    @Test("Infallible: subscribe and every bind")
    func infallible() {
        let source = PublishSubject<Int>().asInfallible(onErrorJustReturn: 0)
        let target = PublishSubject<Int>()
        let relay = PublishRelay<Int>()
        let behavior = BehaviorRelay<Int?>(value: nil)
        let owner = Owner()
        expectReportNames(#line + 1, "Infallible.subscribe(onNext:)") {
            $0.keep(source.subscribe(onNext: { _ in }))
        }
        expectReportNames(#line + 1, "Infallible.subscribe(with:onNext:)") {
            $0.keep(source.subscribe(with: owner, onNext: { _, _ in }))
        }
        expectReportNames(#line + 1, "Infallible.bind(to: subject)") {
            $0.keep(source.bind(to: target))
        }
        expectReportNames(#line + 1, "Infallible.bind(to: PublishRelay)") {
            $0.keep(source.bind(to: relay))
        }
        expectReportNames(#line + 1, "Infallible.bind(to: optional BehaviorRelay)") {
            $0.keep(source.bind(to: behavior))
        }
        expectReportNames(#line + 1, "Infallible.bind(onNext:)") {
            $0.keep(source.bind(onNext: { _ in }))
        }
        expectReportNames(#line + 1, "Infallible.bind(with:onNext:)") {
            $0.keep(source.bind(with: owner, onNext: { _, _ in }))
        }
    }

    @Test("Driver: every drive form")
    func driver() {
        SharingScheduler.mock(scheduler: TestScheduler(initialClock: 0)) {
            let source = PublishSubject<Int>().asDriver(onErrorJustReturn: 0)
            let target = PublishSubject<Int>()
            let behavior = BehaviorRelay<Int>(value: 0)
            let replay = ReplayRelay<Int?>.create(bufferSize: 1)
            let owner = Owner()
            expectReportNames(#line + 1, "drive(observer)") {
                $0.keep(source.drive(target))
            }
            expectReportNames(#line + 1, "drive(BehaviorRelay)") {
                $0.keep(source.drive(behavior))
            }
            expectReportNames(#line + 1, "drive(optional ReplayRelay)") {
                $0.keep(source.drive(replay))
            }
            expectReportNames(#line + 1, "drive(onNext:)") {
                $0.keep(source.drive(onNext: { _ in }))
            }
            expectReportNames(#line + 1, "drive(with:onNext:)") {
                $0.keep(source.drive(with: owner, onNext: { _, _ in }))
            }
            expectReportNames(#line + 1, "drive()") {
                $0.keep(source.drive())
            }
        }
    }

    @Test("Signal: every emit form")
    func signal() {
        SharingScheduler.mock(scheduler: TestScheduler(initialClock: 0)) {
            let source = PublishSubject<Int>().asSignal(onErrorJustReturn: 0)
            let target = PublishSubject<Int?>()
            let relay = PublishRelay<Int>()
            let owner = Owner()
            expectReportNames(#line + 1, "emit(to: optional observer)") {
                $0.keep(source.emit(to: target))
            }
            expectReportNames(#line + 1, "emit(to: PublishRelay)") {
                $0.keep(source.emit(to: relay))
            }
            expectReportNames(#line + 1, "emit(onNext:)") {
                $0.keep(source.emit(onNext: { _ in }))
            }
            expectReportNames(#line + 1, "emit(with:onNext:)") {
                $0.keep(source.emit(with: owner, onNext: { _, _ in }))
            }
            expectReportNames(#line + 1, "emit()") {
                $0.keep(source.emit())
            }
        }
    }

    @Test("Single, Maybe and Completable: every subscribe form")
    func primitiveSequences() {
        let subject = PublishSubject<Int>()
        let owner = Owner()
        let single = subject.asSingle()
        let maybe = subject.asMaybe()
        let completable = PublishSubject<Never>().asCompletable()
        expectReportNames(#line + 1, "Single.subscribe(_:)") {
            $0.keep(single.subscribe { _ in })
        }
        expectReportNames(#line + 1, "Single.subscribe(onSuccess:)") {
            $0.keep(single.subscribe(onSuccess: { _ in }))
        }
        expectReportNames(#line + 1, "Single.subscribe(with:onSuccess:)") {
            $0.keep(single.subscribe(with: owner, onSuccess: { _, _ in }))
        }
        expectReportNames(#line + 1, "Maybe.subscribe(onSuccess:)") {
            $0.keep(maybe.subscribe(onSuccess: { _ in }))
        }
        expectReportNames(#line + 1, "Maybe.subscribe(with:onSuccess:)") {
            $0.keep(maybe.subscribe(with: owner, onSuccess: { _, _ in }))
        }
        expectReportNames(#line + 1, "Completable.subscribe(onCompleted:)") {
            $0.keep(completable.subscribe(onCompleted: {}))
        }
        expectReportNames(#line + 1, "Completable.subscribe(with:onCompleted:)") {
            $0.keep(completable.subscribe(with: owner, onCompleted: { _ in }))
        }
    }
}

/// An object for the `with:` forms and Binders to hold weakly.
private final class Owner {}
