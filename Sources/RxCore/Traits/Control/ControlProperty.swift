/// A value that is both observed and set, viewed as a ``ControlProperty``: lets extensions
/// written for control properties accept any of them, as RxCocoa's `ControlPropertyType` does.
public protocol ControlPropertyType: ObservableType, ObserverType {
    /// The value as a ``ControlProperty``.
    ///
    /// - Returns: The control property.
    func asControlProperty() -> ControlProperty<Element>
}

/// A property of a user-interface element (a text field's text, a switch's state), as RxCocoa's
/// `ControlProperty`: subscribing gives its current value and then the user's changes; binding
/// to it sets it. It never fails, completes when the element goes, and is subscribed on the
/// main queue.
///
/// Here it is platform neutral: pair any sequence of values with any observer that sets them,
/// so that code and libraries written against RxCocoa's type compile unchanged.
///
/// ```swift
/// let text = BehaviorRelay<String?>(value: nil)
/// let property = ControlProperty(values: text, valueSink: Binder(field) { $0.text = $1 })
/// property.orEmpty.changed.subscribe(onNext: { print($0) }).disposed(by: bag)
/// ```
public struct ControlProperty<PropertyType>: ControlPropertyType {
    /// The type of the property's value.
    public typealias Element = PropertyType

    private let values: Observable<PropertyType>
    private let valueSink: AnyObserver<PropertyType>

    /// Pairs `values`, the current value followed by the user's changes, with `valueSink`,
    /// which sets the property; subscriptions to `values` are made on the main queue.
    ///
    /// - Parameters:
    ///   - values: The property's values; must never fail.
    ///   - valueSink: Sets the property.
    public init<Values: ObservableType, Sink: ObserverType>(values: Values, valueSink: Sink)
    where Values.Element == Element, Sink.Element == Element {
        self.values = values.subscribe(on: ConcurrentMainScheduler.instance)
        self.valueSink = valueSink.asObserver()
    }

    /// Subscribes `observer` to the property's values.
    ///
    /// - Parameter observer: Receives the values.
    /// - Returns: Ends the subscription.
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        values.subscribe(observer)
    }

    /// The user's changes only: every value but the first (the one current at subscription).
    public var changed: ControlEvent<PropertyType> {
        ControlEvent(events: values.skip(1))
    }

    /// The values as an `Observable`.
    ///
    /// - Returns: The observable.
    public func asObservable() -> Observable<Element> {
        values
    }

    /// The control property itself.
    ///
    /// - Returns: `self`.
    public func asControlProperty() -> ControlProperty<Element> {
        self
    }

    /// Sets the property to a `next` value and passes a completion on; an error, which a
    /// binding must never send, stops the program in debug builds.
    ///
    /// - Parameter event: The event.
    public func on(_ event: Event<Element>) {
        switch event {
        case .error(let error):
            reportBindingError("Binding error to a control property: \(error)", error: error, file: #fileID, line: #line)
        case .next, .completed:
            valueSink.on(event)
        }
    }
}

extension ControlPropertyType where Element == String? {
    /// The property with `nil` read as the empty string, for text that may be absent.
    public var orEmpty: ControlProperty<String> {
        let original = asControlProperty()
        return ControlProperty<String>(
            values: original.asObservable().map { $0 ?? "" },
            valueSink: AnyObserver<String> { event in original.on(event.map { Optional($0) }) }
        )
    }
}

extension ControlProperty {
    /// The values as a ``Driver``, delivered on the main queue; an error stops the program in
    /// debug builds and ends the driver in release builds.
    ///
    /// - Returns: The driver.
    public func asDriver() -> Driver<Element> {
        asDriver(onErrorRecover: { error in
            reportBindingError("A control property failed: \(error)", error: error, file: #fileID, line: #line)
            return .empty()
        })
    }
}
