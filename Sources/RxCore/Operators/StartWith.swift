extension ObservableType {
    /// Emits the given elements first, then the elements of this sequence.
    ///
    /// The elements are sent synchronously when the subscription starts, before this
    /// sequence is subscribed. Chained calls prepend in reverse: the last `startWith` comes
    /// first.
    ///
    /// ```swift
    /// _ = Observable.of(3, 4).startWith(1, 2)
    ///     .subscribe(onNext: { print($0) })
    /// // 1
    /// // 2
    /// // 3
    /// // 4
    /// ```
    ///
    /// - Parameter elements: The elements to emit before this sequence's elements.
    /// - Returns: The sequence `elements` followed by this sequence.
    public func startWith(_ elements: Element...) -> Observable<Element> {
        StartWithProducer(source: asObservable(), elements: elements)
    }
}

/// The observable behind ``ObservableType/startWith(_:)``: no sink of its own, the elements
/// go straight to the observer, which is then subscribed to the source.
private final class StartWithProducer<Element>: Producer<Element> {
    private let source: Observable<Element>
    private let elements: [Element]

    init(source: Observable<Element>, elements: [Element]) {
        self.source = source
        self.elements = elements
        super.init()
    }

    override func run<Observer: ObserverType>(
        _ observer: Observer,
        cancel: Cancelable
    ) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        for element in elements {
            observer.on(.next(element))
        }
        return (sink: Disposables.create(), subscription: source.subscribe(observer))
    }
}
