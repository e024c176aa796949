/// A sequence of elements delivered over time: the central type of Rx.
///
/// `Observable` is a class so operators can hold sources without generic explosion; do not
/// subclass it outside the package, use ``Observable/create(_:)`` or compose operators.
///
/// ```swift
/// let disposable = Observable.of(1, 2, 3)
///     .subscribe(onNext: { print($0) })
/// // 1
/// // 2
/// // 3
/// ```
open class Observable<Element>: ObservableType {
    /// Creates the sequence; with the `TraceResources` trait it is counted as a live resource.
    public init() {
        ResourceCounter.allocated(self)
    }

    deinit {
        ResourceCounter.deallocated(self)
    }

    /// Subscribes `observer` to the events of this sequence. Subclasses must override it.
    open func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        rxAbstractMethod()
    }

    /// Returns the sequence itself.
    public func asObservable() -> Observable<Element> {
        self
    }

    /// Whether this is `just`'s sequence, which delivers one element and completes during
    /// `subscribe`: `flatMap` then delivers that element without subscribing to it.
    var isSynchronousJust: Bool {
        false
    }
}
