import RxCore
import RxTest
import Testing

/// The file these tests' lines are recorded under.
private let subscriptionSiteFile = "RxCoreTests/SubscriptionSiteTests.swift"

/// Each entry point's resources form one site named by its line, with the kind of subscription
/// it made: a closure that can capture an owner, or a binding to a target.
@Suite(.serialized, .enabled(if: Resources.isEnabled, "needs the TraceResources trait"))
struct SubscriptionSiteTests {
    /// The kind of the site at `line` of this file among the scope's live sites.
    private func kind(at line: Int, in report: AllocationSiteReport) -> AllocationSiteSubscription? {
        report.sites.first { $0.userFrame == "\(subscriptionSiteFile):\(line)" }?.subscription
    }

    @Test("closure entry points are closures, bindings to targets are bindings, other resources neither")
    func kinds() {
        let scope = ResourceScope("kinds")
        let subject = PublishSubject<Int>()
        let relay = PublishRelay<Int>()
        let target = PublishSubject<Int>()
        let bag = DisposeBag()
        var lines: [String: Int] = [:]
        scope.run {
            lines["subscribe"] = #line + 1
            subject.subscribe(onNext: { _ in }).disposed(by: bag)
            lines["bind(onNext:)"] = #line + 1
            subject.bind(onNext: { _ in }).disposed(by: bag)
            lines["bind(to: relay)"] = #line + 1
            subject.bind(to: relay).disposed(by: bag)
            lines["bind(to: subject)"] = #line + 1
            subject.bind(to: target).disposed(by: bag)
            lines["Single.subscribe"] = #line + 1
            Single<Int>.create { _ in Disposables.create() }.subscribe(onSuccess: { _ in }).disposed(by: bag)
        }
        let ownSubject = scope.run { PublishSubject<Int>() }
        let report = scope.sites()
        #expect(kind(at: lines["subscribe"]!, in: report) == .closure, "\(report)")
        #expect(kind(at: lines["bind(onNext:)"]!, in: report) == .closure, "\(report)")
        #expect(kind(at: lines["bind(to: relay)"]!, in: report) == .binding, "\(report)")
        #expect(kind(at: lines["bind(to: subject)"]!, in: report) == .binding, "\(report)")
        #expect(kind(at: lines["Single.subscribe"]!, in: report) == .closure, "\(report)")
        // A subject made outside every entry point.
        #expect(report.sites.contains { $0.subscription == .none && $0.live.keys.contains("PublishSubject<Int>") }, "\(report)")
        withExtendedLifetime(ownSubject) {}
    }

    @Test("a subscribe inside a create closure is a nested line of the outer subscription")
    func nested() {
        let scope = ResourceScope("nested")
        let source = PublishSubject<Int>()
        let innerLine = #line + 3
        let mirrored = Observable<Int>.create { observer in
            // The inner subscription, made while the outer one subscribes.
            source.subscribe(onNext: { observer.onNext($0) })
        }
        let outerLine = #line + 1
        let subscription = scope.run { mirrored.subscribe(onNext: { _ in }) }
        let report = scope.sites()
        let outer = report.sites.first { $0.userFrame == "\(subscriptionSiteFile):\(outerLine)" }
        #expect(outer?.subscription == .closure, "\(report)")
        #expect(outer?.nestedCallSites["\(subscriptionSiteFile):\(innerLine)", default: 0] ?? 0 > 0, "\(report)")
        #expect(!report.sites.contains { $0.userFrame == "\(subscriptionSiteFile):\(innerLine)" }, "\(report)")
        subscription.dispose()
    }
}
