extension ObservableType where Element: Equatable {
    /// Drops each element equal to the one just before it.
    ///
    /// Only neighbours are compared: a value can come back once something different came in
    /// between.
    ///
    /// ```swift
    /// _ = Observable.of("A", "A", "B", "B", "A")
    ///     .distinctUntilChanged()
    ///     .subscribe(onNext: { print($0) })
    /// // A
    /// // B
    /// // A
    /// ```
    ///
    /// - Returns: The sequence without consecutive duplicates.
    public func distinctUntilChanged() -> Observable<Element> {
        distinctUntilChanged({ $0 }, comparer: ==)
    }
}

extension ObservableType {
    /// Drops each element whose key equals the key of the element last sent.
    ///
    /// ```swift
    /// _ = Observable.of("apple", "avocado", "banana")
    ///     .distinctUntilChanged { $0.first }
    ///     .subscribe(onNext: { print($0) })
    /// // apple
    /// // banana
    /// ```
    ///
    /// - Parameter keySelector: Computes the key compared for each element. If it throws,
    ///   the error ends the sequence.
    /// - Returns: The sequence without elements whose key repeats the previous one.
    public func distinctUntilChanged<Key: Equatable>(_ keySelector: @escaping (Element) throws -> Key) -> Observable<Element> {
        distinctUntilChanged(keySelector, comparer: ==)
    }

    /// Drops each element that `comparer` finds equal to the element last sent.
    ///
    /// ```swift
    /// _ = Observable.of(1, 3, 4, 6, 7)
    ///     .distinctUntilChanged { $0 % 2 == $1 % 2 }
    ///     .subscribe(onNext: { print($0) })
    /// // 1
    /// // 4
    /// // 7
    /// ```
    ///
    /// - Parameter comparer: Says whether two elements are equal; the earlier one comes
    ///   first. If it throws, the error ends the sequence.
    /// - Returns: The sequence without elements equal to the one last sent.
    public func distinctUntilChanged(_ comparer: @escaping (Element, Element) throws -> Bool) -> Observable<Element> {
        distinctUntilChanged({ $0 }, comparer: comparer)
    }

    /// Drops each element whose key `comparer` finds equal to the key of the element last
    /// sent.
    ///
    /// ```swift
    /// _ = Observable.of("a", "A", "b")
    ///     .distinctUntilChanged({ $0.lowercased() }, comparer: ==)
    ///     .subscribe(onNext: { print($0) })
    /// // a
    /// // b
    /// ```
    ///
    /// - Parameters:
    ///   - keySelector: Computes the key compared for each element.
    ///   - comparer: Says whether two keys are equal; the earlier one comes first.
    /// - Returns: The sequence without elements whose key equals the previous one.
    ///
    /// If `keySelector` or `comparer` throws, the error ends the sequence.
    public func distinctUntilChanged<Key>(
        _ keySelector: @escaping (Element) throws -> Key,
        comparer: @escaping (Key, Key) throws -> Bool
    ) -> Observable<Element> {
        DistinctUntilChangedProducer(source: asObservable(), keySelector: keySelector, comparer: comparer)
    }

    /// Drops each element whose property at `keyPath` equals that of the element last sent.
    ///
    /// ```swift
    /// struct Point { var x: Int; var y: Int }
    /// _ = Observable.of(Point(x: 0, y: 1), Point(x: 0, y: 2), Point(x: 1, y: 2))
    ///     .distinctUntilChanged(at: \.x)
    ///     .subscribe(onNext: { print($0.y) })
    /// // 1
    /// // 2
    /// ```
    ///
    /// - Parameter keyPath: The property compared.
    /// - Returns: The sequence without elements whose property repeats the previous one.
    public func distinctUntilChanged<Property: Equatable>(at keyPath: KeyPath<Element, Property>) -> Observable<Element> {
        distinctUntilChanged({ $0[keyPath: keyPath] }, comparer: ==)
    }
}

private final class DistinctUntilChangedSink<Observer: ObserverType, Key>: Sink<Observer>, ObserverType {
    typealias Element = Observer.Element

    private let keySelector: (Element) throws -> Key
    private let comparer: (Key, Key) throws -> Bool
    /// The key of the element last sent; `nil` before the first one.
    private var lastKey: Key?

    init(
        keySelector: @escaping (Element) throws -> Key,
        comparer: @escaping (Key, Key) throws -> Bool,
        observer: Observer,
        cancel: Cancelable
    ) {
        self.keySelector = keySelector
        self.comparer = comparer
        super.init(observer: observer, cancel: cancel)
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            let key: Key
            let repeats: Bool
            do {
                key = try keySelector(element)
                if let lastKey {
                    repeats = try comparer(lastKey, key)
                } else {
                    repeats = false
                }
            } catch {
                forwardOn(.error(error))
                dispose()
                return
            }
            if repeats { return }
            lastKey = key
            forwardOn(event)
        case .error, .completed:
            forwardOn(event)
            dispose()
        }
    }
}

/// The observable behind the `distinctUntilChanged` family.
private final class DistinctUntilChangedProducer<Element, Key>: Producer<Element> {
    private let source: Observable<Element>
    private let keySelector: (Element) throws -> Key
    private let comparer: (Key, Key) throws -> Bool

    init(
        source: Observable<Element>,
        keySelector: @escaping (Element) throws -> Key,
        comparer: @escaping (Key, Key) throws -> Bool
    ) {
        self.source = source
        self.keySelector = keySelector
        self.comparer = comparer
    }

    override func run<Observer: ObserverType>(
        _ observer: Observer,
        cancel: Cancelable
    ) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = DistinctUntilChangedSink(keySelector: keySelector, comparer: comparer, observer: observer, cancel: cancel)
        let subscription = source.subscribe(sink)
        return (sink: sink, subscription: subscription)
    }
}
