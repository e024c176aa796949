extension ObservableType {
    /// Returns the last `count` elements, all sent when the source completes.
    ///
    /// The elements are held in a ring buffer of `count` slots until the completion, then
    /// sent in their original order followed by the completion. An error drops them and is
    /// passed on at once.
    ///
    /// ```swift
    /// _ = Observable.of(1, 2, 3, 4, 5)
    ///     .takeLast(2)
    ///     .subscribe(onNext: { print($0) })
    /// // 4
    /// // 5
    /// ```
    ///
    /// - Parameter count: How many elements to keep from the end; it must not be negative
    ///   (a negative count stops the program, as in RxSwift).
    /// - Returns: A sequence of at most the last `count` elements.
    public func takeLast(_ count: Int) -> Observable<Element> {
        TakeLastProducer(source: asObservable(), count: count, rejectingNegativeFor: "takeLast")
    }
}

private final class TakeLastSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Element = Observer.Element

    private let capacity: Int
    /// The kept elements; once full, `oldest` is the slot the next element overwrites.
    private var buffer: [Element] = []
    private var oldest = 0

    init(count: Int, observer: Observer, cancel: Cancelable) {
        capacity = count
        super.init(observer: observer, cancel: cancel)
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            guard capacity > 0 else { return }
            if buffer.count < capacity {
                buffer.append(element)
            } else {
                buffer[oldest] = element
                oldest = oldest + 1 == capacity ? 0 : oldest + 1
            }
        case .error:
            buffer.removeAll()
            forwardOn(event)
            dispose()
        case .completed:
            for element in buffer[oldest...] {
                forwardOn(.next(element))
            }
            for element in buffer[..<oldest] {
                forwardOn(.next(element))
            }
            buffer.removeAll()
            forwardOn(.completed)
            dispose()
        }
    }
}

/// The observable behind ``ObservableType/takeLast(_:)``.
private final class TakeLastProducer<Element>: CountProducer<Element> {
    override func run<Observer: ObserverType>(
        _ observer: Observer,
        cancel: Cancelable
    ) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = TakeLastSink(count: count, observer: observer, cancel: cancel)
        let subscription = source.subscribe(sink)
        return (sink: sink, subscription: subscription)
    }
}
