extension ObservableType {
    /// Resubscribes to this sequence when it fails with an error of type `Failure`, each time
    /// the trigger sequence built by `notificationHandler` emits an element.
    ///
    /// `notificationHandler` runs once per subscription and receives the sequence of the
    /// errors this sequence fails with. After each error of type `Failure`, the source stays
    /// unsubscribed until the trigger reacts: an element resubscribes, an error ends the
    /// result with that error, a completion completes the result. Trigger events that arrive
    /// while the source is running are ignored; a trigger that terminated meanwhile ends the
    /// result at the next error. Errors of other types end the result at once.
    ///
    /// ```swift
    /// // Retries three times, one second apart, then gives up with the last error.
    /// let retried = request.retry { (errors: Observable<Swift.Error>) in
    ///     errors.enumerated().flatMap { attempt, error -> Observable<Int> in
    ///         attempt >= 3 ? .error(error) : .timer(.seconds(1), scheduler: scheduler)
    ///     }
    /// }
    /// ```
    ///
    /// - Parameter notificationHandler: Builds the trigger from the sequence of errors.
    /// - Returns: This sequence, resubscribed on the trigger's elements.
    public func retry<TriggerObservable: ObservableType, Failure: Swift.Error>(
        when notificationHandler: @escaping (Observable<Failure>) -> TriggerObservable
    ) -> Observable<Element> {
        RetryWhenProducer(source: asObservable(), notificationHandler: notificationHandler)
    }

    /// Resubscribes to this sequence when it fails, each time the trigger sequence built by
    /// `notificationHandler` emits an element.
    ///
    /// The same as ``retry(when:)-((Observable<Failure>)->TriggerObservable)`` for every error
    /// type: see there for the trigger's rules.
    ///
    /// - Parameter notificationHandler: Builds the trigger from the sequence of errors.
    /// - Returns: This sequence, resubscribed on the trigger's elements.
    public func retry<TriggerObservable: ObservableType>(
        when notificationHandler: @escaping (Observable<Swift.Error>) -> TriggerObservable
    ) -> Observable<Element> {
        RetryWhenProducer(source: asObservable(), notificationHandler: notificationHandler)
    }

    /// Resubscribes to this sequence when it fails with an error of type `Failure`, each time
    /// the trigger sequence built by `notificationHandler` emits an element.
    ///
    /// - Parameter notificationHandler: Builds the trigger from the sequence of errors.
    /// - Returns: This sequence, resubscribed on the trigger's elements.
    @available(*, deprecated, renamed: "retry(when:)")
    public func retryWhen<TriggerObservable: ObservableType, Failure: Swift.Error>(
        _ notificationHandler: @escaping (Observable<Failure>) -> TriggerObservable
    ) -> Observable<Element> {
        retry(when: notificationHandler)
    }

    /// Resubscribes to this sequence when it fails, each time the trigger sequence built by
    /// `notificationHandler` emits an element.
    ///
    /// - Parameter notificationHandler: Builds the trigger from the sequence of errors.
    /// - Returns: This sequence, resubscribed on the trigger's elements.
    @available(*, deprecated, renamed: "retry(when:)")
    public func retryWhen<TriggerObservable: ObservableType>(
        _ notificationHandler: @escaping (Observable<Swift.Error>) -> TriggerObservable
    ) -> Observable<Element> {
        retry(when: notificationHandler)
    }
}

/// The observable behind ``ObservableType/retry(when:)-((Observable<Failure>)->TriggerObservable)``.
private final class RetryWhenProducer<Element, TriggerObservable: ObservableType, Failure: Swift.Error>: Producer<Element> {
    typealias NotificationHandler = (Observable<Failure>) -> TriggerObservable

    private let source: Observable<Element>
    private let notificationHandler: NotificationHandler

    init(source: Observable<Element>, notificationHandler: @escaping NotificationHandler) {
        self.source = source
        self.notificationHandler = notificationHandler
        super.init()
    }

    override func run<Observer: ObserverType>(
        _ observer: Observer,
        cancel: Cancelable
    ) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let errors = PublishSubject<Failure>()
        let trigger = notificationHandler(errors.asObservable()).asObservable()
        let sink = RetryWhenSink<Observer, TriggerObservable.Element, Failure>(
            source: source, errors: errors, observer: observer, cancel: cancel
        )
        let subscription = sink.run(trigger: trigger)
        return (sink: sink, subscription: subscription)
    }
}

/// Subscribes the source again each time the trigger emits after an error.
///
/// The trigger is subscribed once, into `notifier`; each failed attempt listens to
/// `notifier` until the next attempt replaces it. Attempts are started through the gate, so
/// synchronous failures loop instead of recursing.
private final class RetryWhenSink<Observer: ObserverType, TriggerElement, Failure: Swift.Error>: Sink<Observer> {
    typealias Element = Observer.Element

    let errors: PublishSubject<Failure>
    let notifier = PublishSubject<TriggerElement>()
    private let source: Observable<Element>
    private let current = SerialDisposable()
    private let triggerSubscription = SingleAssignmentDisposable()
    private let gate = MoveGate()

    init(source: Observable<Element>, errors: PublishSubject<Failure>, observer: Observer, cancel: Cancelable) {
        self.source = source
        self.errors = errors
        super.init(observer: observer, cancel: cancel)
    }

    func run(trigger: Observable<TriggerElement>) -> Disposable {
        triggerSubscription.setDisposable(trigger.subscribe(notifier))
        requestAttempt()
        return Disposables.create(current, triggerSubscription)
    }

    /// Starts a new attempt, or counts one for the attempt loop in progress.
    func requestAttempt() {
        gate.request(startAttempt)
    }

    /// Forwards a stop event and ends the subscription.
    func finish(_ event: Event<Element>) {
        forwardOn(event)
        dispose()
    }

    override func dispose() {
        gate.close()
        super.dispose()
        current.dispose()
        triggerSubscription.dispose()
    }

    private func startAttempt() {
        if isDisposed { return }
        let attempt = RetryWhenAttempt(parent: self)
        current.disposable = attempt
        attempt.start(source)
    }
}

/// One subscription to the source; after the source fails, it waits for the trigger.
private final class RetryWhenAttempt<Observer: ObserverType, TriggerElement, Failure: Swift.Error>:
    DisposeBase, ObserverType, Cancelable
{
    typealias Element = Observer.Element
    typealias Parent = RetryWhenSink<Observer, TriggerElement, Failure>

    let parent: Parent
    private let sourceSubscription = SingleAssignmentDisposable()
    private let triggerSubscription = SingleAssignmentDisposable()

    init(parent: Parent) {
        self.parent = parent
        super.init()
    }

    var isDisposed: Bool {
        sourceSubscription.isDisposed && triggerSubscription.isDisposed
    }

    func start(_ source: Observable<Element>) {
        sourceSubscription.setDisposable(source.subscribe(self))
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next:
            parent.forwardOn(event)
        case .completed:
            parent.finish(event)
        case .error(let error):
            guard let failure = error as? Failure else {
                parent.finish(event)
                return
            }
            sourceSubscription.dispose()
            triggerSubscription.setDisposable(parent.notifier.subscribe(RetryWhenTriggerObserver(attempt: self)))
            parent.errors.on(.next(failure))
        }
    }

    func dispose() {
        sourceSubscription.dispose()
        triggerSubscription.dispose()
    }
}

/// Receives the trigger's events for the attempt that is waiting.
private struct RetryWhenTriggerObserver<Observer: ObserverType, TriggerElement, Failure: Swift.Error>: ObserverType {
    typealias Element = TriggerElement

    let attempt: RetryWhenAttempt<Observer, TriggerElement, Failure>

    func on(_ event: Event<TriggerElement>) {
        // An attempt already replaced (the trigger emitted twice for one error) is ignored.
        if attempt.isDisposed { return }
        switch event {
        case .next:
            attempt.parent.requestAttempt()
        case .error(let error):
            attempt.parent.finish(.error(error))
        case .completed:
            attempt.parent.finish(.completed)
        }
    }
}
