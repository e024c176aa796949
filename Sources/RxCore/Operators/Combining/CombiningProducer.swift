/// The observable behind every `zip` and `combineLatest`: the front end's wiring closure
/// attaches the typed sources, and the sink for `rule` runs them.
final class CombiningProducer<Result>: Producer<Result> {
    /// Which engine, and which of RxSwift's completion rules, a producer uses.
    enum Rule {
        /// `zip` of 2 to 8 typed sources.
        case zip
        /// `zip` of a collection of sources.
        case zipCollection
        /// `combineLatest`, typed or collection.
        case combineLatest
    }

    typealias Wire = (inout CombiningWiring) -> () throws -> Result

    private let rule: Rule
    private let arity: Int
    private let wire: Wire

    init(_ rule: Rule, arity: Int, wire: @escaping Wire) {
        self.rule = rule
        self.arity = arity
        self.wire = wire
        super.init()
    }

    override func run<Observer: ObserverType>(
        _ observer: Observer,
        cancel: Cancelable
    ) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Result {
        let sink: CombiningSink<Observer>
        switch rule {
        case .zip:
            sink = ZipSink(arity: arity, completesOnUnpairableElement: false, observer: observer, cancel: cancel)
        case .zipCollection:
            sink = ZipSink(arity: arity, completesOnUnpairableElement: true, observer: observer, cancel: cancel)
        case .combineLatest:
            sink = CombineLatestSink(arity: arity, observer: observer, cancel: cancel)
        }
        let subscription = sink.run(wire)
        return (sink: sink, subscription: subscription)
    }
}
