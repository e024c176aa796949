import RxCore

extension BlockingObservable {
    /// Waits for the sequence to complete and returns all its elements.
    ///
    /// ```swift
    /// try numbers.toBlocking().toArray()   // [1, 2]
    /// ```
    ///
    /// - Returns: The elements in the order they arrived.
    /// - Throws: The sequence's error, or `RxError.timeout`.
    public func toArray() throws -> [Element] {
        try materializeResult().elementsOrThrow()
    }

    /// Waits for the first element, then disposes the subscription.
    ///
    /// - Returns: The first element, or `nil` when the sequence completes empty.
    /// - Throws: An error the sequence fails with before its first element, or
    ///   `RxError.timeout`.
    public func first() throws -> Element? {
        try materializeResult(limit: 1).elementsOrThrow().first
    }

    /// Waits for the sequence to complete and returns its last element.
    ///
    /// - Returns: The last element, or `nil` when the sequence completes empty.
    /// - Throws: The sequence's error, or `RxError.timeout`.
    public func last() throws -> Element? {
        try materializeResult().elementsOrThrow().last
    }

    /// Waits for the sequence's only element.
    ///
    /// Stops as soon as a second element arrives.
    ///
    /// - Returns: The one element.
    /// - Throws: `RxError.noElements` when the sequence completes empty,
    ///   `RxError.moreThanOneElement` when it has more than one element, the
    ///   sequence's error, or `RxError.timeout`.
    public func single() throws -> Element {
        try single { _ in true }
    }

    /// Waits for the sequence's only element that satisfies `predicate`.
    ///
    /// Stops as soon as a second matching element arrives.
    ///
    /// ```swift
    /// try numbers.toBlocking().single { $0 > 1 }   // 2
    /// ```
    ///
    /// - Parameter predicate: Which elements count; an error it throws is rethrown.
    /// - Returns: The one matching element.
    /// - Throws: `RxError.noElements` when no element matches,
    ///   `RxError.moreThanOneElement` when more than one does, the sequence's or the
    ///   predicate's error, or `RxError.timeout`.
    public func single(_ predicate: @escaping (Element) throws -> Bool) throws -> Element {
        let elements = try materializeResult(limit: 2, predicate: predicate).elementsOrThrow()
        if elements.count > 1 {
            throw RxError.moreThanOneElement
        }
        guard let element = elements.first else {
            throw RxError.noElements
        }
        return element
    }

    /// Waits for the sequence to end and reports how it ended, without throwing.
    ///
    /// ```swift
    /// switch numbers.toBlocking().materialize() {
    /// case .completed(let elements): print(elements)              // [1, 2]
    /// case .failed(let elements, let error): print(elements, error)
    /// }
    /// ```
    ///
    /// - Returns: The elements, and the error when the sequence failed or the wait timed out
    ///   (`RxError.timeout`).
    public func materialize() -> MaterializedSequenceResult<Element> {
        materializeResult()
    }

    /// Subscribes, blocks until the sequence ends, `limit` matching elements arrived or the
    /// timeout passed, and disposes the subscription.
    private func materializeResult(
        limit: Int? = nil,
        predicate: @escaping (Element) throws -> Bool = { _ in true }
    ) -> MaterializedSequenceResult<Element> {
        let collector = ElementCollector(limit: limit, predicate: predicate)
        collector.subscription.setDisposable(source.subscribe { event in collector.on(event) })
        return collector.result(timeout: timeout)
    }
}

extension MaterializedSequenceResult {
    /// The elements of a completed sequence; throws the error of a failed one.
    fileprivate func elementsOrThrow() throws -> [Element] {
        switch self {
        case .completed(let elements):
            return elements
        case .failed(_, let error):
            throw error
        }
    }
}
