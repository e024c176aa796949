import RxCore

/// The message of ``XCTAssertRecordedElements(_:_:file:line:)`` and
/// ``expectRecordedElements(_:_:sourceLocation:)``.
enum RecordedElements {
    /// Compares the elements of the `next` events in `stream` with `elements`.
    ///
    /// - Returns: `nil` when equal, else both lists and the first differing index.
    static func message<Element: Equatable>(_ stream: [Recorded<Event<Element>>], _ elements: [Element]) -> String? {
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
