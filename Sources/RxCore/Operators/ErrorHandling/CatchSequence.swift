extension ObservableType {
    /// Emits the events of the first sequence; when a sequence fails, continues with the next
    /// one.
    ///
    /// The sequence of sources is iterated lazily, one source at a time. The result completes
    /// when a source completes; when every source has failed, it fails with the last error
    /// (an empty sequence of sources completes at once). Sources that fail during their
    /// subscription are followed by a loop, not by recursion.
    ///
    /// ```swift
    /// _ = Observable.catch(sequence: [Observable.error(MyError.offline), Observable.just(1)])
    ///     .subscribe(onNext: { print($0) })
    /// // 1
    /// ```
    ///
    /// - Parameter sequence: The sources, in the order they are tried.
    /// - Returns: The events of the sources until one of them completes.
    public static func `catch`<Sources: Sequence>(sequence: Sources) -> Observable<Element>
    where Sources.Element == Observable<Element> {
        CatchSequenceProducer { AnyIterator(sequence.makeIterator()) }
    }

    /// RxSwift 5's name for ``catch(sequence:)``.
    ///
    /// - Parameter sequence: The sources, in the order they are tried.
    /// - Returns: The events of the sources until one of them completes.
    @available(*, deprecated, renamed: "catch(sequence:)")
    public static func catchError<Sources: Sequence>(_ sequence: Sources) -> Observable<Element>
    where Sources.Element == Observable<Element> {
        `catch`(sequence: sequence)
    }

    /// Resubscribes to this sequence every time it fails, without end.
    ///
    /// Elements of every attempt go downstream; the result completes when an attempt
    /// completes and never fails.
    ///
    /// ```swift
    /// let flaky = Observable<String>.create { observer in
    ///     attempts += 1
    ///     if attempts < 3 { observer.onError(MyError.offline) } else { observer.onNext("ok") }
    ///     return Disposables.create()
    /// }
    /// _ = flaky.retry().subscribe(onNext: { print($0) })   // ok (on the third attempt)
    /// ```
    ///
    /// - Returns: This sequence, resubscribed after each error.
    public func retry() -> Observable<Element> {
        let source = asObservable()
        return CatchSequenceProducer { AnyIterator { source } }
    }

    /// Subscribes to this sequence up to `maxAttemptCount` times while it fails.
    ///
    /// The first subscription counts as an attempt: `retry(3)` subscribes at most three times
    /// and then passes the third error downstream. A count of zero or less makes no attempt
    /// and completes at once.
    ///
    /// - Parameter maxAttemptCount: The number of subscriptions to make at most.
    /// - Returns: This sequence, resubscribed after each error until the attempts run out.
    public func retry(_ maxAttemptCount: Int) -> Observable<Element> {
        let source = asObservable()
        let count = Swift.max(0, maxAttemptCount)
        return CatchSequenceProducer { AnyIterator(Swift.repeatElement(source, count: count).makeIterator()) }
    }
}

/// The observable behind ``ObservableType/catch(sequence:)`` and `retry`.
private final class CatchSequenceProducer<Element>: Producer<Element> {
    private let makeIterator: () -> AnyIterator<Observable<Element>>

    init(makeIterator: @escaping () -> AnyIterator<Observable<Element>>) {
        self.makeIterator = makeIterator
        super.init()
    }

    override func run<Observer: ObserverType>(
        _ observer: Observer,
        cancel: Cancelable
    ) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = CatchSequenceSink(sources: makeIterator(), observer: observer, cancel: cancel)
        let subscription = sink.run()
        return (sink: sink, subscription: subscription)
    }
}

/// Subscribes the sources one after another, moving on at each error.
///
/// The iterator is touched only inside the gate's steps; `lastError` is written by the
/// failing source and read by a step, under `lock`.
private final class CatchSequenceSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Element = Observer.Element

    private let sources: AnyIterator<Observable<Element>>
    private let current = SerialDisposable()
    private let gate = MoveGate()
    private let lock = Lock()
    private var lastError: Swift.Error?

    init(sources: AnyIterator<Observable<Element>>, observer: Observer, cancel: Cancelable) {
        self.sources = sources
        super.init(observer: observer, cancel: cancel)
    }

    func run() -> Disposable {
        gate.request(moveToNextSource)
        return current
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next:
            forwardOn(event)
        case .completed:
            forwardOn(event)
            dispose()
        case .error(let error):
            lock.locked { lastError = error }
            gate.request(moveToNextSource)
        }
    }

    override func dispose() {
        gate.close()
        super.dispose()
        current.dispose()
    }

    private func moveToNextSource() {
        if isDisposed { return }
        guard let next = sources.next() else {
            let error: Swift.Error? = lock.locked { lastError }
            if let error {
                forwardOn(.error(error))
            } else {
                forwardOn(.completed)
            }
            dispose()
            return
        }
        let subscription = SingleAssignmentDisposable()
        current.disposable = subscription
        subscription.setDisposable(next.subscribe(self))
    }
}
