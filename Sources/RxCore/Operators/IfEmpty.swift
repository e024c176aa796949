// `ifEmpty(default:)` and `ifEmpty(switchTo:)`: what a sequence delivers when it completes
// without an element.

extension ObservableType {
    /// Passes the source's events on, but sends `default` before the completion when the
    /// source completes without any element.
    ///
    /// An error from the source passes unchanged, empty or not.
    ///
    /// ```swift
    /// _ = Observable<Int>.empty()
    ///     .ifEmpty(default: 7)
    ///     .subscribe { print($0) }
    /// // next(7)
    /// // completed
    /// ```
    ///
    /// - Parameter default: The element sent when the source completes empty.
    /// - Returns: The source's events, or `default` and the completion.
    public func ifEmpty(default: Element) -> Observable<Element> {
        DefaultIfEmptyProducer(source: asObservable(), default: `default`)
    }

    /// Passes the source's events on, but continues with `other` when the source completes
    /// without any element.
    ///
    /// `other` is subscribed at the source's completion, and only when the source was empty;
    /// the result then ends when `other` ends. An error from the source passes unchanged.
    ///
    /// ```swift
    /// _ = Observable<Int>.empty()
    ///     .ifEmpty(switchTo: Observable.of(1, 2))
    ///     .subscribe { print($0) }
    /// // next(1)
    /// // next(2)
    /// // completed
    /// ```
    ///
    /// - Parameter other: The sequence to continue with after an empty source.
    /// - Returns: The source's events, or those of `other` after an empty source.
    public func ifEmpty(switchTo other: Observable<Element>) -> Observable<Element> {
        SwitchIfEmptyProducer(source: asObservable(), other: other)
    }
}

/// Remembers whether an element went by. Single source: no lock.
private final class DefaultIfEmptySink<Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Element = Observer.Element

    private let defaultElement: Element
    private var isEmpty = true

    init(default: Element, observer: Observer, cancel: Cancelable) {
        defaultElement = `default`
        super.init(observer: observer, cancel: cancel)
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
            if isEmpty {
                forwardOn(.next(defaultElement))
            }
            forwardOn(.completed)
            dispose()
        }
    }
}

/// The observable behind ``ObservableType/ifEmpty(default:)``.
private final class DefaultIfEmptyProducer<Element>: Producer<Element> {
    private let source: Observable<Element>
    private let defaultElement: Element

    init(source: Observable<Element>, default: Element) {
        self.source = source
        defaultElement = `default`
    }

    override func run<Observer: ObserverType>(
        _ observer: Observer,
        cancel: Cancelable
    ) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = DefaultIfEmptySink(default: defaultElement, observer: observer, cancel: cancel)
        let subscription = source.subscribe(sink)
        return (sink: sink, subscription: subscription)
    }
}

/// Watches the source; after an empty completion hands the downstream over to the other
/// sequence. The source has stopped by then, so the two never overlap: no lock.
private final class SwitchIfEmptySink<Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Element = Observer.Element

    private let other: Observable<Element>
    private var isEmpty = true
    private let otherSubscription = SingleAssignmentDisposable()

    init(other: Observable<Element>, observer: Observer, cancel: Cancelable) {
        self.other = other
        super.init(observer: observer, cancel: cancel)
    }

    func run(_ source: Observable<Element>) -> Disposable {
        let sourceSubscription = source.subscribe(self)
        return Disposables.create(sourceSubscription, otherSubscription)
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
            if isEmpty {
                otherSubscription.setDisposable(other.subscribe(forwarder()))
            } else {
                forwardOn(.completed)
                dispose()
            }
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
