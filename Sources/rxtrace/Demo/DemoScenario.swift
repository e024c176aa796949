import RxCore

/// One built-in situation of the demo: something an app does again and again.
struct DemoScenario: Sendable {
    /// A short name, printed as the heading of the scenario.
    let name: String
    /// What one repetition does.
    let summary: String
    /// Performs one repetition.
    let repetition: @Sendable () -> Void

    /// All scenarios, in the order the demo runs them.
    static let all = [clean, leaking]

    /// Subscribes to a never-ending sequence and lets a `DisposeBag` end the subscription.
    static let clean = DemoScenario(
        name: "clean",
        summary: "a subscription to a never-ending Observable.create, disposed by its DisposeBag"
    ) {
        let bag = DisposeBag()
        DemoTick.endless()
            .subscribe(onNext: { _ in })
            .disposed(by: bag)
    }

    /// Subscribes to the same never-ending sequence and drops the disposable: nothing ever
    /// ends the subscription, so its sink and observer stay alive.
    static let leaking = DemoScenario(
        name: "leaking",
        summary: "a subscription to a never-ending Observable.create, never disposed"
    ) {
        _ = DemoTick.endless()
            .subscribe(onNext: { _ in })
    }
}

/// The element of the demo's sequences. A type of its own keeps the demo's resources apart
/// from any others in the per-type counts, such as `AnonymousObserver<DemoTick>`.
struct DemoTick: Sendable {
    /// A sequence that emits one tick when subscribed and then never terminates.
    static func endless() -> Observable<DemoTick> {
        Observable.create { observer in
            observer.onNext(DemoTick())
            return Disposables.create()
        }
    }
}
