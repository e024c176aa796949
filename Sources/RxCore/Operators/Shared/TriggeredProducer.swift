/// The stored parameters of an operator that a second sequence, the trigger, controls
/// (`skip(until:)`, `take(until:)`): the base of their producers, whose sinks are
/// ``TriggeredSink``s.
///
/// Each operator subclasses it with its own producer, so leak reports keep naming the
/// operator, and overrides `run` to build its sink.
class TriggeredProducer<Element, Other>: Producer<Element> {
    /// The sequence the operator forwards.
    final let source: Observable<Element>
    /// The trigger.
    final let other: Observable<Other>

    init(source: Observable<Element>, other: Observable<Other>) {
        self.source = source
        self.other = other
    }
}
