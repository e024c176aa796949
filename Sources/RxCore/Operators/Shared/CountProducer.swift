/// The stored parameters of an operator that works on one source with an element count (`skip`,
/// `take` and `takeLast` with a count).
///
/// Each operator subclasses it with its own producer, so leak reports keep naming the
/// operator, and overrides `run` to build its sink.
class CountProducer<Element>: Producer<Element> {
    /// The sequence the operator works on.
    final let source: Observable<Element>
    /// How many elements the operator counts.
    final let count: Int

    /// Stores the parameters.
    ///
    /// - Parameters:
    ///   - source: The sequence the operator works on.
    ///   - count: How many elements the operator counts.
    ///   - operatorName: The operator that rejects a negative count (a programming error), if
    ///     it does.
    init(source: Observable<Element>, count: Int, rejectingNegativeFor operatorName: String? = nil) {
        if let operatorName, count < 0 {
            rxFatalError("\(operatorName): the count must not be negative (it is \(count))")
        }
        self.source = source
        self.count = count
    }
}
