extension ObservableType {
    /// Continues with `other` when this sequence completes without any element.
    ///
    /// Elements and errors of this sequence pass through unchanged, and a sequence that sent
    /// at least one element completes as it is. At an empty completion, the source
    /// subscription ends and `other` is subscribed; its events then go downstream.
    ///
    /// ```swift
    /// _ = Observable<Int>.empty()
    ///     .ifEmpty(switchTo: Observable.of(1, 2))
    ///     .subscribe(onNext: { print($0) })
    /// // 1
    /// // 2
    /// ```
    ///
    /// - Parameter other: The sequence to continue with when this one turns out empty.
    /// - Returns: This sequence, or `other` if this one completes empty.
    public func ifEmpty(switchTo other: Observable<Element>) -> Observable<Element> {
        SwitchIfEmptyProducer(source: asObservable(), other: other)
    }
}

/// Forwards the source's events; at an empty completion, swaps the source subscription for
/// one to the other sequence, whose events go straight downstream.
private final class SwitchIfEmptySink<Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Element = Observer.Element

    private let other: Observable<Element>
    private let current = SerialDisposable()
    private var isEmpty = true

    init(other: Observable<Element>, observer: Observer, cancel: Cancelable) {
        self.other = other
        super.init(observer: observer, cancel: cancel)
    }

    func run(_ source: Observable<Element>) -> Disposable {
        let subscription = SingleAssignmentDisposable()
        current.disposable = subscription
        subscription.setDisposable(source.subscribe(self))
        return current
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next:
            isEmpty = false
            forwardOn(event)
        case .error:
            forwardOn(event)
            dispose()
        case .completed:
            guard isEmpty else {
                forwardOn(.completed)
                dispose()
                return
            }
            if isDisposed { return }
            let subscription = SingleAssignmentDisposable()
            current.disposable = subscription
            subscription.setDisposable(other.subscribe(forwarder()))
        }
    }
}

/// The observable behind ``ObservableType/ifEmpty(switchTo:)``.
private final class SwitchIfEmptyProducer<Element>: Producer<Element> {
    private let source: Observable<Element>
    private let other: Observable<Element>

    init(source: Observable<Element>, other: Observable<Element>) {
        self.source = source
        self.other = other
    }

    override func run<Observer: ObserverType>(
        _ observer: Observer,
        cancel: Cancelable
    ) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = SwitchIfEmptySink(other: other, observer: observer, cancel: cancel)
        let subscription = sink.run(source)
        return (sink: sink, subscription: subscription)
    }
}
