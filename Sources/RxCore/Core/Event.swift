/// One notification in an observable sequence.
///
/// Every sequence obeys the grammar `next* (error | completed)?`: any number of
/// elements, then at most one stop event, after which nothing more is delivered.
///
/// ```swift
/// let event: Event<Int> = .next(1)
/// print(event.element as Any)   // Optional(1)
/// ```
@frozen
public enum Event<Element> {
    /// The next element of the sequence.
    case next(Element)
    /// The sequence terminated with an error.
    case error(Swift.Error)
    /// The sequence terminated successfully.
    case completed
}

extension Event: Sendable where Element: Sendable {}

extension Event: CustomDebugStringConvertible {
    /// The event as `next(value)`, `error(error)` or `completed`, the form `debug()` prints.
    public var debugDescription: String {
        switch self {
        case .next(let value): return "next(\(value))"
        case .error(let error): return "error(\(error))"
        case .completed: return "completed"
        }
    }
}

extension Event {
    /// Whether this is `.error` or `.completed`: an event after which the sequence is over.
    @inlinable
    public var isStopEvent: Bool {
        switch self {
        case .next: return false
        case .error, .completed: return true
        }
    }

    /// The element of a `.next` event, `nil` otherwise.
    @inlinable
    public var element: Element? {
        if case .next(let value) = self { return value }
        return nil
    }

    /// The error of an `.error` event, `nil` otherwise.
    @inlinable
    public var error: Swift.Error? {
        if case .error(let error) = self { return error }
        return nil
    }

    /// Whether this is `.completed`.
    @inlinable
    public var isCompleted: Bool {
        if case .completed = self { return true }
        return false
    }

    /// Transforms the element of a `.next` event; a throwing transform turns the event into `.error`.
    ///
    /// - Parameter transform: The function applied to the element.
    /// - Returns: The transformed event; stop events pass through unchanged.
    public func map<Result>(_ transform: (Element) throws -> Result) -> Event<Result> {
        do {
            switch self {
            case .next(let element): return .next(try transform(element))
            case .error(let error): return .error(error)
            case .completed: return .completed
            }
        } catch {
            return .error(error)
        }
    }
}

/// A type that can be converted to an ``Event``; lets operators such as `dematerialize` work on events.
public protocol EventConvertible {
    /// The element type of the event.
    associatedtype Element
    /// The event this value represents.
    var event: Event<Element> { get }
}

extension Event: EventConvertible {
    /// The event itself.
    public var event: Event<Element> { self }
}

extension Event: Equatable where Element: Equatable {
    /// Events are equal when they have the same kind and equal elements; errors compare by
    /// dynamic type, domain, code and description, since `Error` itself is not `Equatable`.
    public static func == (lhs: Event<Element>, rhs: Event<Element>) -> Bool {
        switch (lhs, rhs) {
        case (.completed, .completed): return true
        case (.error(let l), .error(let r)): return errorsAreEqual(l, r)
        case (.next(let l), .next(let r)): return l == r
        default: return false
        }
    }
}

/// Compares two errors structurally: equal dynamic types, `Equatable` equality when the type
/// offers it, otherwise the same domain, code and description.
func errorsAreEqual(_ lhs: Swift.Error, _ rhs: Swift.Error) -> Bool {
    guard type(of: lhs) == type(of: rhs) else { return false }
    let boxed: Any = lhs
    if let equatable = boxed as? any Equatable, let result = equatable.isEqual(to: rhs) {
        return result
    }
    return lhs._domain == rhs._domain && lhs._code == rhs._code
        && String(describing: lhs) == String(describing: rhs)
}

extension Equatable {
    fileprivate func isEqual(to other: Any) -> Bool? {
        guard let other = other as? Self else { return nil }
        return self == other
    }
}
