extension ObservableType {
    /// Combines each element with `object`, held weakly, through `resultSelector`; completes
    /// at the first element that arrives after `object` is gone.
    ///
    /// Useful to reach `self` in later operators without a retain cycle. The object is only
    /// retained while `resultSelector` runs. Errors and the completion pass through.
    ///
    /// ```swift
    /// viewModel.items
    ///     .withUnretained(self) { screen, items in (screen.title, items.count) }
    ///     .subscribe(onNext: { print($0) })
    ///     .disposed(by: bag)
    /// ```
    ///
    /// - Parameters:
    ///   - object: The object to combine with each element, held weakly.
    ///   - resultSelector: Combines the object and an element.
    /// - Returns: A sequence of the combined results.
    public func withUnretained<Object: AnyObject, Out>(
        _ object: Object,
        resultSelector: @escaping (Object, Element) -> Out
    ) -> Observable<Out> {
        WithUnretainedProducer(source: asObservable(), object: object, resultSelector: resultSelector)
    }

    /// Pairs each element with `object`, held weakly; completes at the first element that
    /// arrives after `object` is gone.
    ///
    /// ```swift
    /// viewModel.title
    ///     .withUnretained(self)
    ///     .subscribe(onNext: { screen, title in screen.title = title })
    ///     .disposed(by: bag)
    /// ```
    ///
    /// - Parameter object: The object to pair with each element, held weakly.
    /// - Returns: A sequence of `(object, element)` pairs.
    public func withUnretained<Object: AnyObject>(_ object: Object) -> Observable<(Object, Element)> {
        withUnretained(object) { ($0, $1) }
    }
}

extension InfallibleType {
    /// Combines each element with `object`, held weakly, through `resultSelector`; completes
    /// at the first element that arrives after `object` is gone.
    ///
    /// - Parameters:
    ///   - object: The object to combine with each element, held weakly.
    ///   - resultSelector: Combines the object and an element.
    /// - Returns: An infallible of the combined results.
    public func withUnretained<Object: AnyObject, Out>(
        _ object: Object,
        resultSelector: @escaping (Object, Element) -> Out
    ) -> Infallible<Out> {
        Infallible(asObservable().withUnretained(object, resultSelector: resultSelector))
    }

    /// Pairs each element with `object`, held weakly; completes at the first element that
    /// arrives after `object` is gone.
    ///
    /// - Parameter object: The object to pair with each element, held weakly.
    /// - Returns: An infallible of `(object, element)` pairs.
    public func withUnretained<Object: AnyObject>(_ object: Object) -> Infallible<(Object, Element)> {
        withUnretained(object) { ($0, $1) }
    }
}

/// Combines each element with the object while it lives; completes once it is gone.
/// Single source, so no lock.
private final class WithUnretainedSink<SourceElement, Object: AnyObject, Observer: ObserverType>: Sink<Observer>,
    ObserverType
{
    private let parent: WithUnretainedProducer<SourceElement, Object, Observer.Element>

    init(parent: WithUnretainedProducer<SourceElement, Object, Observer.Element>, observer: Observer, cancel: Cancelable) {
        self.parent = parent
        super.init(observer: observer, cancel: cancel)
    }

    func on(_ event: Event<SourceElement>) {
        switch event {
        case .next(let element):
            guard let object = parent.object else {
                forwardOn(.completed)
                dispose()
                return
            }
            forwardOn(.next(parent.resultSelector(object, element)))
        case .error(let error):
            forwardOn(.error(error))
            dispose()
        case .completed:
            forwardOn(.completed)
            dispose()
        }
    }
}

/// The observable behind ``ObservableType/withUnretained(_:resultSelector:)``.
private final class WithUnretainedProducer<SourceElement, Object: AnyObject, Result>: Producer<Result> {
    private let source: Observable<SourceElement>
    private(set) weak var object: Object?
    let resultSelector: (Object, SourceElement) -> Result

    init(source: Observable<SourceElement>, object: Object, resultSelector: @escaping (Object, SourceElement) -> Result) {
        self.source = source
        self.object = object
        self.resultSelector = resultSelector
    }

    override func run<Observer: ObserverType>(
        _ observer: Observer,
        cancel: Cancelable
    ) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Result {
        let sink = WithUnretainedSink(parent: self, observer: observer, cancel: cancel)
        let subscription = source.subscribe(sink)
        return (sink: sink, subscription: subscription)
    }
}
