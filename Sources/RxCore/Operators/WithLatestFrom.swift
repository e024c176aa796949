extension ObservableType {
    /// Combines each element of this sequence with the latest element of `second`, through
    /// `resultSelector`.
    ///
    /// `second` is subscribed first. Elements of this sequence that arrive before `second`
    /// has emitted are dropped. The result completes when this sequence completes (the
    /// completion of `second` only ends its subscription); an error from either sequence, or
    /// from `resultSelector`, goes downstream at once and disposes both.
    ///
    /// ```swift
    /// let taps = PublishSubject<Void>()
    /// let text = BehaviorSubject(value: "draft")
    /// _ = taps.withLatestFrom(text) { _, text in text.uppercased() }
    ///     .subscribe(onNext: { print($0) })
    /// taps.onNext(())
    /// // DRAFT
    /// ```
    ///
    /// - Parameters:
    ///   - second: The sequence whose latest element is used.
    ///   - resultSelector: Makes a result from an element of this sequence and the latest
    ///     element of `second`; if it throws, the sequence fails with its error.
    /// - Returns: One result per element of this sequence that arrives after `second` has emitted.
    public func withLatestFrom<Source: ObservableConvertibleType, ResultType>(
        _ second: Source,
        resultSelector: @escaping (Element, Source.Element) throws -> ResultType
    ) -> Observable<ResultType> {
        WithLatestFromProducer(first: asObservable(), second: second.asObservable(), resultSelector: resultSelector)
    }

    /// Emits the latest element of `second` each time this sequence emits.
    ///
    /// Behaves as ``withLatestFrom(_:resultSelector:)`` with a selector that returns the
    /// element of `second`.
    ///
    /// - Parameter second: The sequence whose latest element is emitted.
    /// - Returns: The latest element of `second`, once per element of this sequence that
    ///   arrives after `second` has emitted.
    public func withLatestFrom<Source: ObservableConvertibleType>(_ second: Source) -> Observable<Source.Element> {
        WithLatestFromProducer(first: asObservable(), second: second.asObservable()) { $1 }
    }
}

/// The observable behind `withLatestFrom`.
private final class WithLatestFromProducer<First, Second, Result>: Producer<Result> {
    typealias ResultSelector = (First, Second) throws -> Result

    let first: Observable<First>
    let second: Observable<Second>
    let resultSelector: ResultSelector

    init(first: Observable<First>, second: Observable<Second>, resultSelector: @escaping ResultSelector) {
        self.first = first
        self.second = second
        self.resultSelector = resultSelector
        super.init()
    }

    override func run<Observer: ObserverType>(
        _ observer: Observer,
        cancel: Cancelable
    ) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Result {
        let sink = WithLatestFromSink(parent: self, observer: observer, cancel: cancel)
        let subscription = sink.run()
        return (sink: sink, subscription: subscription)
    }
}

/// Observes the first sequence; the second one's observer stores into `latest`. Both hold
/// the recursive lock while handling an event.
private final class WithLatestFromSink<First, Second, Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Element = First
    typealias Parent = WithLatestFromProducer<First, Second, Observer.Element>

    private let parent: Parent
    let lock = RecursiveLock()
    /// The latest element of the second sequence; guarded by `lock`.
    var latest: Second?

    init(parent: Parent, observer: Observer, cancel: Cancelable) {
        self.parent = parent
        super.init(observer: observer, cancel: cancel)
    }

    func run() -> Disposable {
        let secondSubscription = SingleAssignmentDisposable()
        let secondObserver = WithLatestFromSecondObserver(parent: self, subscription: secondSubscription)
        secondSubscription.setDisposable(parent.second.subscribe(secondObserver))
        let firstSubscription = parent.first.subscribe(self)
        return Disposables.create(firstSubscription, secondSubscription)
    }

    func on(_ event: Event<First>) {
        switch event {
        case .next(let value):
            let failure: Swift.Error? = lock.performLocked {
                guard let latest else { return nil }
                do {
                    forwardOn(.next(try parent.resultSelector(value, latest)))
                    return nil
                } catch {
                    return claimStop() ? error : nil
                }
            }
            if let failure {
                deliverStop(.error(failure))
            }
        case .error(let error):
            end(with: .error(error))
        case .completed:
            end(with: .completed)
        }
    }

    /// Ends the sequence: claimed under the lock, delivered and torn down after it (a
    /// source's teardown may wait for a lock whose holder waits for ours).
    func end(with event: Event<Observer.Element>) {
        if lock.performLocked({ claimStop() }) {
            deliverStop(event)
        }
    }
}

/// Records the second sequence's latest element; its completion only ends its own
/// subscription, its error ends everything.
private final class WithLatestFromSecondObserver<First, Second, Observer: ObserverType>: ObserverType {
    typealias Element = Second

    private let parent: WithLatestFromSink<First, Second, Observer>
    private let subscription: Disposable

    init(parent: WithLatestFromSink<First, Second, Observer>, subscription: Disposable) {
        self.parent = parent
        self.subscription = subscription
        ResourceCounter.allocated(self)
    }

    deinit {
        ResourceCounter.deallocated(self)
    }

    func on(_ event: Event<Second>) {
        switch event {
        case .next(let value):
            parent.lock.performLocked { parent.latest = value }
        case .error(let error):
            parent.end(with: .error(error))
        case .completed:
            subscription.dispose()
        }
    }
}
