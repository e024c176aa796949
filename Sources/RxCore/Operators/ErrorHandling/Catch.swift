extension ObservableType {
    /// Continues with the sequence `handler` returns when this sequence fails.
    ///
    /// Elements and completion pass through unchanged. On an error, the source subscription
    /// ends and `handler` is called with the error; the downstream then receives the events of
    /// the sequence it returns. If `handler` throws, its error goes downstream.
    ///
    /// ```swift
    /// _ = Observable<Int>.error(MyError.offline)
    ///     .catch { _ in Observable.of(1, 2) }
    ///     .subscribe(onNext: { print($0) })
    /// // 1
    /// // 2
    /// ```
    ///
    /// - Parameter handler: Picks the sequence to continue with for a given error.
    /// - Returns: This sequence's events until it fails, then those of the handler's sequence.
    public func `catch`(_ handler: @escaping (Swift.Error) throws -> Observable<Element>) -> Observable<Element> {
        CatchProducer(source: asObservable(), handler: handler)
    }

    /// Continues with the sequence `handler` returns when this sequence fails.
    ///
    /// - Parameter handler: Picks the sequence to continue with for a given error.
    /// - Returns: This sequence's events until it fails, then those of the handler's sequence.
    @available(*, deprecated, renamed: "catch(_:)")
    public func catchError(_ handler: @escaping (Swift.Error) throws -> Observable<Element>) -> Observable<Element> {
        `catch`(handler)
    }

    /// Ends with `element` and a completion instead of failing.
    ///
    /// ```swift
    /// _ = Observable<Int>.error(MyError.offline)
    ///     .catchAndReturn(0)
    ///     .subscribe(onNext: { print($0) })
    /// // 0
    /// ```
    ///
    /// - Parameter element: The last element to emit when this sequence fails.
    /// - Returns: This sequence's events until it fails, then `element` and `.completed`.
    public func catchAndReturn(_ element: Element) -> Observable<Element> {
        CatchProducer(source: asObservable(), handler: { _ in Observable.just(element) })
    }

    /// Ends with `element` and a completion instead of failing.
    ///
    /// - Parameter element: The last element to emit when this sequence fails.
    /// - Returns: This sequence's events until it fails, then `element` and `.completed`.
    @available(*, deprecated, renamed: "catchAndReturn(_:)")
    public func catchErrorJustReturn(_ element: Element) -> Observable<Element> {
        catchAndReturn(element)
    }
}

/// The observable behind ``ObservableType/catch(_:)``.
private final class CatchProducer<Element>: Producer<Element> {
    typealias Handler = (Swift.Error) throws -> Observable<Element>

    let source: Observable<Element>
    let handler: Handler

    init(source: Observable<Element>, handler: @escaping Handler) {
        self.source = source
        self.handler = handler
        super.init()
    }

    override func run<Observer: ObserverType>(
        _ observer: Observer,
        cancel: Cancelable
    ) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = CatchSink(handler: handler, observer: observer, cancel: cancel)
        let subscription = sink.run(source)
        return (sink: sink, subscription: subscription)
    }
}

/// Forwards the source's events; on its error, swaps the source subscription for one to the
/// handler's sequence, whose events go straight downstream.
private final class CatchSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Element = Observer.Element

    private let handler: CatchProducer<Element>.Handler
    private let current = SerialDisposable()

    init(handler: @escaping CatchProducer<Element>.Handler, observer: Observer, cancel: Cancelable) {
        self.handler = handler
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
            forwardOn(event)
        case .completed:
            forwardOn(event)
            dispose()
        case .error(let error):
            let fallback: Observable<Element>
            do {
                fallback = try handler(error)
            } catch let handlerError {
                forwardOn(.error(handlerError))
                dispose()
                return
            }
            if isDisposed { return }
            let subscription = SingleAssignmentDisposable()
            current.disposable = subscription
            subscription.setDisposable(fallback.subscribe(forwarder()))
        }
    }
}
