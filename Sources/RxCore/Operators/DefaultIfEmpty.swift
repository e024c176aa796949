extension ObservableType {
    /// Emits `default` before the completion when this sequence completes without any
    /// element.
    ///
    /// Elements and errors pass through unchanged; a sequence that sent at least one element
    /// completes as it is.
    ///
    /// ```swift
    /// _ = Observable<Int>.empty()
    ///     .ifEmpty(default: 0)
    ///     .subscribe(onNext: { print($0) })
    /// // 0
    /// ```
    ///
    /// - Parameter default: The element to emit when the sequence turns out empty.
    /// - Returns: This sequence, or `default` alone if it completes empty.
    public func ifEmpty(default: Element) -> Observable<Element> {
        DefaultIfEmptyProducer(source: asObservable(), default: `default`)
    }
}

/// Remembers whether the source sent anything; at an empty completion, sends the default
/// first. Single source, so no lock.
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
