extension ObservableType {
    /// Transforms each element of the sequence with `transform`.
    ///
    /// Stop events pass through unchanged. When `transform` throws, the error is sent
    /// downstream and the source subscription is disposed.
    ///
    /// ```swift
    /// _ = Observable.of("adam", "daniel", "christian")
    ///     .map { $0.count }
    ///     .subscribe(onNext: { print($0) })
    /// // 4
    /// // 6
    /// // 9
    /// ```
    ///
    /// - Parameter transform: The function applied to each element.
    /// - Returns: A sequence of the transformed elements.
    @inlinable
    public func map<Result>(_ transform: @escaping (Element) throws -> Result) -> Observable<Result> {
        // Inlinable: a caller that knows both element types finds the producer's type in its
        // own cache instead of asking the runtime for it on every call.
        MapProducer(source: asObservable(), transform: transform)
    }
}

/// Applies the transform to each element of one subscription. Single source, so no lock:
/// the sequence grammar already rules out concurrent calls.
///
/// Generic over the result type as well, so that the per-element path finds `Result`'s
/// metadata among the class's own generic arguments instead of looking up the observer's
/// associated `Element` on every element. The sinks are made as ``MapSink``, which keeps the
/// name resource counts, leak reports and metrics labels show (`MapSink<Int, Observer>`).
private class MapSinkBody<SourceElement, Result, Observer: ObserverType>: Sink<Observer>, ObserverType
where Observer.Element == Result {
    private let transform: (SourceElement) throws -> Result

    init(transform: @escaping (SourceElement) throws -> Result, observer: Observer, cancel: Cancelable) {
        self.transform = transform
        super.init(observer: observer, cancel: cancel)
    }

    final func on(_ event: Event<SourceElement>) {
        switch event {
        case .next(let element):
            _onNext(element)
        case .error(let error):
            _onError(error)
        case .completed:
            _onCompleted()
        }
    }

    final func _onCompleted() {
        forwardCompleted()
        dispose()
    }

    final func _onError(_ error: Swift.Error) {
        forwardError(error)
        dispose()
    }

    @inline(__always)
    final func _onNext(_ element: SourceElement) {
        // The result goes straight downstream (no second buffer it is moved into first);
        // `forwardNext` does not throw, so only the transform's error is caught.
        do {
            forwardNext(try transform(element))
        } catch {
            forwardFailure(error)
        }
    }
}

/// `map`'s sink: ``MapSinkBody`` under a name with the source element and the observer only.
private final class MapSink<SourceElement, Observer: ObserverType>:
    MapSinkBody<SourceElement, Observer.Element, Observer>
{}

@usableFromInline
final class MapProducer<SourceElement, Result>: Producer<Result> {
    private let source: Observable<SourceElement>
    private let transform: (SourceElement) throws -> Result

    @usableFromInline
    init(source: Observable<SourceElement>, transform: @escaping (SourceElement) throws -> Result) {
        self.source = source
        self.transform = transform
    }

    override func run<Observer: ObserverType>(
        _ observer: Observer,
        cancel: Cancelable
    ) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Result {
        let sink = MapSink(transform: transform, observer: observer, cancel: cancel)
        let subscription = source.subscribe(sink)
        return (sink: sink, subscription: subscription)
    }
}
