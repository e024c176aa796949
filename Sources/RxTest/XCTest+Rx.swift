import RxCore
import XCTest

/// Asserts that two arrays of events are equal; on failure, the message draws both as marble
/// diagrams with the first difference marked (see ``EventDiff``).
///
/// - Parameters:
///   - lhs: The actual events.
///   - rhs: The expected events.
///   - file: The file of the assertion.
///   - line: The line of the assertion.
public func XCTAssertEqual<Element: Equatable>(
    _ lhs: [Event<Element>],
    _ rhs: [Event<Element>],
    file: StaticString = #filePath,
    line: UInt = #line
) {
    failIfAny(EventDiff.message(actual: lhs, expected: rhs), file: file, line: line)
}

/// Asserts that two arrays of recorded events are equal, times included; on failure, the
/// message draws both as marble diagrams with the first difference marked (see ``EventDiff``).
///
/// - Parameters:
///   - lhs: The actual events, such as `observer.events`.
///   - rhs: The expected events.
///   - file: The file of the assertion.
///   - line: The line of the assertion.
public func XCTAssertEqual<Element: Equatable>(
    _ lhs: [Recorded<Event<Element>>],
    _ rhs: [Recorded<Event<Element>>],
    file: StaticString = #filePath,
    line: UInt = #line
) {
    failIfAny(EventDiff.message(actual: lhs, expected: rhs), file: file, line: line)
}

/// Asserts that two arrays of `Single` events are equal; errors compare as `Event`'s
/// do. On failure, the message draws both with the first difference marked.
///
/// ```swift
/// var events: [SingleEvent<Int>] = []
/// _ = Single.just(1).subscribe { events.append($0) }
/// XCTAssertEqual(events, [.success(1)])
/// ```
///
/// - Parameters:
///   - lhs: The actual events.
///   - rhs: The expected events.
///   - file: The file of the assertion.
///   - line: The line of the assertion.
public func XCTAssertEqual<Element: Equatable>(
    _ lhs: [SingleEvent<Element>],
    _ rhs: [SingleEvent<Element>],
    file: StaticString = #filePath,
    line: UInt = #line
) {
    failIfAny(EventDiff.message(actual: observableEvents(lhs), expected: observableEvents(rhs)), file: file, line: line)
}

/// Asserts that two arrays of `Maybe` events are equal; errors compare as `Event`'s
/// do.
///
/// - Parameters:
///   - lhs: The actual events.
///   - rhs: The expected events.
///   - file: The file of the assertion.
///   - line: The line of the assertion.
public func XCTAssertEqual<Element: Equatable>(
    _ lhs: [MaybeEvent<Element>],
    _ rhs: [MaybeEvent<Element>],
    file: StaticString = #filePath,
    line: UInt = #line
) {
    failIfAny(differenceMessage("Maybe", actual: lhs, expected: rhs), file: file, line: line)
}

/// Asserts that two arrays of `Completable` events are equal; errors compare as
/// `Event`'s do.
///
/// - Parameters:
///   - lhs: The actual events.
///   - rhs: The expected events.
///   - file: The file of the assertion.
///   - line: The line of the assertion.
public func XCTAssertEqual(
    _ lhs: [CompletableEvent],
    _ rhs: [CompletableEvent],
    file: StaticString = #filePath,
    line: UInt = #line
) {
    failIfAny(differenceMessage("Completable", actual: lhs, expected: rhs), file: file, line: line)
}

/// Fails the test with `message`, if there is one: each assertion here computes its message,
/// and only this says how XCTest hears of it.
private func failIfAny(_ message: String?, file: StaticString, line: UInt) {
    if let message {
        XCTFail(message, file: file, line: line)
    }
}

/// The message for two arrays of `what` events that differ, or `nil` when they are equal:
/// for the event types that have no marble diagram.
private func differenceMessage<Value: Equatable>(_ what: String, actual: [Value], expected: [Value]) -> String? {
    actual == expected ? nil : "\(what) events differ:\n  expected: \(expected)\n  actual:   \(actual)"
}

/// `Single` events as the observable events they stand for: success is one element.
private func observableEvents<Element>(_ events: [SingleEvent<Element>]) -> [Event<Element>] {
    var result: [Event<Element>] = []
    result.reserveCapacity(events.count)
    for event in events {
        switch event {
        case .success(let element): result.append(.next(element))
        case .failure(let error): result.append(.error(error))
        }
    }
    return result
}

/// Asserts that the recorded events are the expected ones, times included, naming which is
/// which; on failure, the message draws both as marble diagrams with the first difference marked.
///
/// ```swift
/// XCTAssertEvents(res.events, [.next(210, 2), .completed(300)])
/// ```
///
/// - Parameters:
///   - actual: The recorded events.
///   - expected: The expected events.
///   - file: The file of the assertion.
///   - line: The line of the assertion.
public func XCTAssertEvents<Element: Equatable>(
    _ actual: [Recorded<Event<Element>>],
    _ expected: [Recorded<Event<Element>>],
    file: StaticString = #filePath,
    line: UInt = #line
) {
    failIfAny(EventDiff.message(actual: actual, expected: expected), file: file, line: line)
}

/// Asserts that the events are the expected ones, in order; on failure, the message draws
/// both with the first difference marked.
///
/// - Parameters:
///   - actual: The received events.
///   - expected: The expected events.
///   - file: The file of the assertion.
///   - line: The line of the assertion.
public func XCTAssertEvents<Element: Equatable>(
    _ actual: [Event<Element>],
    _ expected: [Event<Element>],
    file: StaticString = #filePath,
    line: UInt = #line
) {
    failIfAny(EventDiff.message(actual: actual, expected: expected), file: file, line: line)
}

/// Asserts that the elements of the `next` events in `stream` are `elements`, ignoring times.
///
/// As in RxSwift, the stream must hold `next` events only: a recorded `completed` or `error`
/// fails the assertion (compare such streams with `XCTAssertEqual`). Swift Testing's
/// ``expectRecordedElements(_:_:sourceLocation:)`` ignores stop events instead.
///
/// - Parameters:
///   - stream: The recorded events.
///   - elements: The expected elements, in order.
///   - file: The file of the assertion.
///   - line: The line of the assertion.
public func XCTAssertRecordedElements<Element: Equatable>(
    _ stream: [Recorded<Event<Element>>],
    _ elements: [Element],
    file: StaticString = #filePath,
    line: UInt = #line
) {
    failIfAny(RecordedElements.message(stream, elements, stopEventsAllowed: false), file: file, line: line)
}

extension TestScheduler {
    /// Fails the current XCTest test if a subscription to one of this scheduler's testable
    /// observables has not been disposed, listing them (see ``openSubscriptionsMessage()``).
    ///
    /// - Parameters:
    ///   - file: The file of the assertion.
    ///   - line: The line of the assertion.
    public func assertNoOpenSubscriptions(file: StaticString = #filePath, line: UInt = #line) {
        failIfAny(openSubscriptionsMessage(), file: file, line: line)
    }
}
