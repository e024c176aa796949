/// The stored parameters of `flatMap`, `flatMapFirst`, `flatMapLatest` and `concatMap`: the
/// base of their producers, whose sinks are ``InnerSequenceSink``s.
///
/// Each operator subclasses it with its own producer, so leak reports keep naming the
/// operator, and overrides `run` to build its sink.
class InnerSequenceProducer<SourceElement, Inner: ObservableConvertibleType>: Producer<Inner.Element> {
    /// The sequence whose elements are mapped to inner sequences.
    final let source: Observable<SourceElement>
    /// Returns the inner sequence for an element.
    final let selector: (SourceElement) throws -> Inner

    init(source: Observable<SourceElement>, selector: @escaping (SourceElement) throws -> Inner) {
        self.source = source
        self.selector = selector
    }
}
