extension ObservableType {
    /// Returns elements while `predicate` returns `true` and completes at the first element
    /// for which it returns `false`.
    ///
    /// With ``TakeBehavior/inclusive`` that first failing element is sent before the
    /// completion; with ``TakeBehavior/exclusive`` (the default) it is not. The source
    /// subscription is disposed when the sequence completes. If `predicate` throws, the error
    /// ends the sequence.
    ///
    /// ```swift
    /// _ = Observable.of(2, 4, 5, 6)
    ///     .take(while: { $0.isMultiple(of: 2) })
    ///     .subscribe { print($0) }
    /// // next(2)
    /// // next(4)
    /// // completed
    /// ```
    ///
    /// - Parameters:
    ///   - predicate: Says, for each element, whether the sequence goes on.
    ///   - behavior: Whether the element that fails `predicate` is sent.
    /// - Returns: The leading elements that satisfy `predicate`.
    public func take(
        while predicate: @escaping (Element) throws -> Bool,
        behavior: TakeBehavior = .exclusive
    ) -> Observable<Element> {
        TakeWhileProducer(source: asObservable(), predicate: predicate, continueWhen: true, behavior: behavior)
    }

    /// Returns elements until `predicate` returns `true`, then completes.
    ///
    /// With ``TakeBehavior/inclusive`` the element that satisfies `predicate` is sent before
    /// the completion; with ``TakeBehavior/exclusive`` (the default) it is not. If
    /// `predicate` throws, the error ends the sequence.
    ///
    /// ```swift
    /// _ = Observable.of(1, 2, 3, 4)
    ///     .take(until: { $0 == 3 }, behavior: .inclusive)
    ///     .subscribe(onNext: { print($0) })
    /// // 1
    /// // 2
    /// // 3
    /// ```
    ///
    /// - Parameters:
    ///   - predicate: Says, for each element, whether the sequence ends there.
    ///   - behavior: Whether the element that satisfies `predicate` is sent.
    /// - Returns: The elements before the first one that satisfies `predicate`.
    public func take(
        until predicate: @escaping (Element) throws -> Bool,
        behavior: TakeBehavior = .exclusive
    ) -> Observable<Element> {
        TakeWhileProducer(source: asObservable(), predicate: predicate, continueWhen: false, behavior: behavior)
    }

    /// Returns elements while `predicate` returns `true`, without the first one that fails it.
    ///
    /// - Parameter predicate: Says, for each element, whether the sequence goes on.
    /// - Returns: The leading elements that satisfy `predicate`.
    @available(*, deprecated, renamed: "take(while:)")
    public func takeWhile(_ predicate: @escaping (Element) throws -> Bool) -> Observable<Element> {
        take(while: predicate)
    }

    /// Returns elements until `predicate` returns `true`, then completes.
    ///
    /// - Parameters:
    ///   - behavior: Whether the element that satisfies `predicate` is sent.
    ///   - predicate: Says, for each element, whether the sequence ends there.
    /// - Returns: The elements before the first one that satisfies `predicate`.
    @available(*, deprecated, renamed: "take(until:behavior:)")
    public func takeUntil(
        _ behavior: TakeBehavior,
        predicate: @escaping (Element) throws -> Bool
    ) -> Observable<Element> {
        take(until: predicate, behavior: behavior)
    }
}

private final class TakeWhileSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Element = Observer.Element

    private let predicate: (Element) throws -> Bool
    /// The answer of `predicate` that lets the sequence go on.
    private let continueWhen: Bool
    private let behavior: TakeBehavior
    /// Whether the predicate has ended the sequence; later elements are not tested.
    private var stopped = false

    init(
        predicate: @escaping (Element) throws -> Bool,
        continueWhen: Bool,
        behavior: TakeBehavior,
        observer: Observer,
        cancel: Cancelable
    ) {
        self.predicate = predicate
        self.continueWhen = continueWhen
        self.behavior = behavior
        super.init(observer: observer, cancel: cancel)
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            if stopped { return }
            let goesOn: Bool
            do {
                goesOn = try predicate(element) == continueWhen
            } catch {
                forwardOn(.error(error))
                dispose()
                return
            }
            if goesOn {
                forwardOn(event)
                return
            }
            stopped = true
            if behavior == .inclusive {
                forwardOn(event)
            }
            forwardOn(.completed)
            dispose()
        case .error, .completed:
            forwardOn(event)
            dispose()
        }
    }
}

/// The observable behind ``ObservableType/take(while:behavior:)`` and
/// ``ObservableType/take(until:behavior:)``.
private final class TakeWhileProducer<Element>: Producer<Element> {
    private let source: Observable<Element>
    private let predicate: (Element) throws -> Bool
    private let continueWhen: Bool
    private let behavior: TakeBehavior

    init(
        source: Observable<Element>,
        predicate: @escaping (Element) throws -> Bool,
        continueWhen: Bool,
        behavior: TakeBehavior
    ) {
        self.source = source
        self.predicate = predicate
        self.continueWhen = continueWhen
        self.behavior = behavior
    }

    override func run<Observer: ObserverType>(
        _ observer: Observer,
        cancel: Cancelable
    ) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = TakeWhileSink(
            predicate: predicate, continueWhen: continueWhen, behavior: behavior, observer: observer, cancel: cancel)
        let subscription = source.subscribe(sink)
        return (sink: sink, subscription: subscription)
    }
}
