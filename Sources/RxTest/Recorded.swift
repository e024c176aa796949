import RxCore

/// A value stamped with the virtual time at which it was recorded or is to be sent.
///
/// Tests describe sequences as arrays of recorded events, built with ``next(_:_:)``,
/// ``completed(_:_:)`` and ``error(_:_:_:)``:
///
/// ```swift
/// let xs = scheduler.createHotObservable([
///     .next(210, 1),
///     .next(220, 2),
///     .completed(300),
/// ])
/// ```
public struct Recorded<Value> {
    /// The virtual time of the value.
    public let time: TestTime
    /// The recorded value.
    public let value: Value

    /// Creates a recorded value.
    ///
    /// - Parameters:
    ///   - time: The virtual time of the value.
    ///   - value: The value.
    public init(time: TestTime, value: Value) {
        self.time = time
        self.value = value
    }
}

extension Recorded: Sendable where Value: Sendable {}

extension Recorded: Equatable where Value: Equatable {}

extension Recorded: Hashable where Value: Hashable {}

extension Recorded: CustomDebugStringConvertible {
    /// The value and its time, as `next(1) @ 210`.
    public var debugDescription: String {
        "\(value) @ \(time)"
    }
}

extension Recorded {
    /// A `.next(element)` event at `time`.
    ///
    /// - Parameters:
    ///   - time: The virtual time of the event.
    ///   - element: The element.
    /// - Returns: The recorded event.
    public static func next<T>(_ time: TestTime, _ element: T) -> Recorded<Event<T>> where Value == Event<T> {
        Recorded(time: time, value: .next(element))
    }

    /// A `.completed` event at `time`.
    ///
    /// - Parameters:
    ///   - time: The virtual time of the event.
    ///   - type: The element type, when the context does not tell it.
    /// - Returns: The recorded event.
    public static func completed<T>(_ time: TestTime, _ type: T.Type = T.self) -> Recorded<Event<T>> where Value == Event<T> {
        Recorded(time: time, value: .completed)
    }

    /// An `.error(error)` event at `time`.
    ///
    /// - Parameters:
    ///   - time: The virtual time of the event.
    ///   - error: The error.
    ///   - type: The element type, when the context does not tell it.
    /// - Returns: The recorded event.
    public static func error<T>(_ time: TestTime, _ error: Swift.Error, _ type: T.Type = T.self) -> Recorded<Event<T>>
    where Value == Event<T> {
        Recorded(time: time, value: .error(error))
    }

    /// Collects recorded events into an array.
    ///
    /// ```swift
    /// let expected = Recorded.events(.next(210, 1), .completed(300))
    /// ```
    ///
    /// - Parameter recordedEvents: The events.
    /// - Returns: The events, in order.
    public static func events<T>(_ recordedEvents: Recorded<Event<T>>...) -> [Recorded<Event<T>>] where Value == Event<T> {
        recordedEvents
    }

    /// The recorded events of an array, as RxSwift's overload for an array takes them.
    ///
    /// Not variadic: a variadic of arrays next to the variadic of events above made the type
    /// checker give up on `Recorded.events(.next(210, 0 * 10 + 1), ...)`, as RxSwift's tests
    /// write it (every integer operator overload was tried for every argument).
    ///
    /// - Parameter recordedEvents: The events.
    /// - Returns: The events, in order.
    public static func events<T>(_ recordedEvents: [Recorded<Event<T>>]) -> [Recorded<Event<T>>] where Value == Event<T> {
        recordedEvents
    }
}
