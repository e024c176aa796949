/// A sequence that can be viewed as a ``ControlEvent``: lets extensions written for control
/// events accept any of them, as RxCocoa's `ControlEventType` does.
public protocol ControlEventType: ObservableType {
    /// The sequence as a ``ControlEvent``.
    ///
    /// - Returns: The control event.
    func asControlEvent() -> ControlEvent<Element>
}

/// The events a user-interface element sends (taps, edits, value changes), as RxCocoa's
/// `ControlEvent`: it sends no initial value, never fails, completes when the element goes,
/// and is subscribed on the main queue.
///
/// Here it is platform neutral: wrap any sequence that keeps those promises, so that code and
/// libraries written against RxCocoa's type compile unchanged.
///
/// ```swift
/// let taps = PublishRelay<Void>()
/// let tap = ControlEvent(events: taps)
/// tap.asSignal().emit(onNext: { print("tapped") }).disposed(by: bag)
/// ```
public struct ControlEvent<PropertyType>: ControlEventType {
    /// The type of the events' values.
    public typealias Element = PropertyType

    private let events: Observable<PropertyType>

    /// Wraps `events`, which must send no initial value, never fail and complete when its
    /// element goes; subscriptions to it are made on the main queue.
    ///
    /// - Parameter events: The element's events.
    public init<Events: ObservableType>(events: Events) where Events.Element == Element {
        self.events = events.subscribe(on: ConcurrentMainScheduler.instance)
    }

    /// Subscribes `observer` to the events.
    ///
    /// - Parameter observer: Receives the events.
    /// - Returns: Ends the subscription.
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        events.subscribe(observer)
    }

    /// The events as an `Observable`.
    ///
    /// - Returns: The observable.
    public func asObservable() -> Observable<Element> {
        events
    }

    /// The control event itself.
    ///
    /// - Returns: `self`.
    public func asControlEvent() -> ControlEvent<Element> {
        self
    }

    /// The events as an ``Infallible``; an error, which a control event must never send, stops
    /// the program in debug builds and ends the sequence in release builds.
    ///
    /// - Returns: The infallible.
    public func asInfallible() -> Infallible<Element> {
        asInfallible(onErrorRecover: { error in
            reportBindingError("A control event failed: \(error)", error: error, file: #fileID, line: #line)
            return .empty()
        })
    }
}

extension ControlEvent {
    /// The events as a ``Driver``, delivered on the main queue; an error stops the program in
    /// debug builds and ends the driver in release builds.
    ///
    /// - Returns: The driver.
    public func asDriver() -> Driver<Element> {
        asDriver(onErrorRecover: { error in
            reportBindingError("A control event failed: \(error)", error: error, file: #fileID, line: #line)
            return .empty()
        })
    }

    /// The events as a ``Signal``, delivered on the main queue; an error stops the program in
    /// debug builds and ends the signal in release builds.
    ///
    /// - Returns: The signal.
    public func asSignal() -> Signal<Element> {
        asSignal(onErrorRecover: { error in
            reportBindingError("A control event failed: \(error)", error: error, file: #fileID, line: #line)
            return .empty()
        })
    }
}
