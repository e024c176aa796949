extension MaybeEvent: Equatable where Element: Equatable {
    /// Maybe events are equal when they have the same kind and equal elements; errors compare
    /// as ``Event``'s do (dynamic type, then `Equatable` equality or domain, code and
    /// description), so tests can write `XCTAssertEqual(events, [.success(1)])`.
    public static func == (lhs: MaybeEvent<Element>, rhs: MaybeEvent<Element>) -> Bool {
        switch (lhs, rhs) {
        case (.success(let l), .success(let r)): return l == r
        case (.error(let l), .error(let r)): return errorsAreEqual(l, r)
        case (.completed, .completed): return true
        default: return false
        }
    }
}

extension CompletableEvent: Equatable {
    /// Completable events are equal when they have the same kind; errors compare as
    /// ``Event``'s do.
    public static func == (lhs: CompletableEvent, rhs: CompletableEvent) -> Bool {
        switch (lhs, rhs) {
        case (.error(let l), .error(let r)): return errorsAreEqual(l, r)
        case (.completed, .completed): return true
        default: return false
        }
    }
}
