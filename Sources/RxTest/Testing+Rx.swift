import RxCore
import Testing

/// Records a Swift Testing issue unless the recorded events are the expected ones, times
/// included; the issue draws both as marble diagrams with the first difference marked (see
/// ``EventDiff``).
///
/// ```swift
/// expectEvents(res.events, [.next(210, 2), .completed(300)])
/// ```
///
/// - Parameters:
///   - actual: The recorded events.
///   - expected: The expected events.
///   - sourceLocation: Where the expectation is, for the issue.
/// - Returns: Whether the events were equal.
@discardableResult
public func expectEvents<Element: Equatable>(
    _ actual: [Recorded<Event<Element>>],
    _ expected: [Recorded<Event<Element>>],
    sourceLocation: SourceLocation = #_sourceLocation
) -> Bool {
    recordIfAny(EventDiff.message(actual: actual, expected: expected), sourceLocation: sourceLocation)
}

/// Records a Swift Testing issue unless the events are the expected ones, in order; the
/// issue draws both with the first difference marked.
///
/// - Parameters:
///   - actual: The received events.
///   - expected: The expected events.
///   - sourceLocation: Where the expectation is, for the issue.
/// - Returns: Whether the events were equal.
@discardableResult
public func expectEvents<Element: Equatable>(
    _ actual: [Event<Element>],
    _ expected: [Event<Element>],
    sourceLocation: SourceLocation = #_sourceLocation
) -> Bool {
    recordIfAny(EventDiff.message(actual: actual, expected: expected), sourceLocation: sourceLocation)
}

/// Records a Swift Testing issue unless the elements of the `next` events in `stream` are
/// `elements`, ignoring times and stop events.
///
/// - Parameters:
///   - stream: The recorded events.
///   - elements: The expected elements, in order.
///   - sourceLocation: Where the expectation is, for the issue.
/// - Returns: Whether the elements were equal.
@discardableResult
public func expectRecordedElements<Element: Equatable>(
    _ stream: [Recorded<Event<Element>>],
    _ elements: [Element],
    sourceLocation: SourceLocation = #_sourceLocation
) -> Bool {
    recordIfAny(RecordedElements.message(stream, elements, stopEventsAllowed: true), sourceLocation: sourceLocation)
}

/// Records `message` as an issue, if there is one, and says whether there was none: each
/// expectation here computes its message, and only this says how Swift Testing hears of it.
private func recordIfAny(_ message: String?, sourceLocation: SourceLocation) -> Bool {
    guard let message else { return true }
    Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    return false
}

extension TestScheduler {
    /// Records a Swift Testing issue if a subscription to one of this scheduler's testable
    /// observables has not been disposed, listing them (see ``openSubscriptionsMessage()``).
    ///
    /// - Parameter sourceLocation: Where the expectation is, for the issue.
    /// - Returns: Whether every subscription was disposed.
    @discardableResult
    public func expectNoOpenSubscriptions(sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        recordIfAny(openSubscriptionsMessage(), sourceLocation: sourceLocation)
    }
}
