/// How a sequence observed by ``BlockingObservable/materialize()`` ended, with the elements
/// it delivered before that.
public enum MaterializedSequenceResult<Element> {
    /// The sequence completed after delivering `elements`.
    case completed(elements: [Element])
    /// The sequence failed with `error` (`RxError.timeout` when the wait timed out)
    /// after delivering `elements`.
    case failed(elements: [Element], error: Swift.Error)
}

extension MaterializedSequenceResult: Sendable where Element: Sendable {}
