import RxCore

/// The message of ``XCTAssertRecordedElements(_:_:file:line:)`` and
/// ``expectRecordedElements(_:_:sourceLocation:)``.
enum RecordedElements {
    /// Compares the elements of the `next` events in `stream` with `elements`.
    ///
    /// - Parameters:
    ///   - stream: The recorded events.
    ///   - elements: The expected elements.
    ///   - stopEventsAllowed: Whether stop events are ignored (Swift Testing's helper) or a
    ///     failure (the XCTest assertion, as RxSwift's).
    /// - Returns: `nil` when equal, else both lists and the first differing index.
    static func message<Element: Equatable>(
        _ stream: [Recorded<Event<Element>>],
        _ elements: [Element],
        stopEventsAllowed: Bool
    ) -> String? {
        if !stopEventsAllowed, let stop = stream.first(where: { $0.value.isStopEvent }) {
            return """
                a stop event was recorded (\(stop.value) at \(stop.time)), but only next events are \
                expected here; compare the whole stream with XCTAssertEqual instead
                """
        }
        let actual = stream.compactMap { $0.value.element }
        if actual == elements { return nil }
        let shared = min(actual.count, elements.count)
        let index = (0..<shared).first { actual[$0] != elements[$0] } ?? shared
        return """
            recorded elements differ at index \(index):
              expected: \(elements)
              actual:   \(actual)
            """
    }
}
