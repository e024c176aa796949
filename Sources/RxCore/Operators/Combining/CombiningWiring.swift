/// Connects the typed sources of one `zip` or `combineLatest` subscription to its sink.
///
/// An operator's front end calls ``attach(_:)`` once per source, in order, and builds the
/// combine closure from the returned slots; the sink then subscribes the sources in that
/// order. This is what lets one sink serve every arity and the collection forms.
@usableFromInline
struct CombiningWiring {
    private let sink: CombiningSinkProtocol
    private let keepsLatestOnly: Bool
    private(set) var connections: [() -> Disposable] = []

    init(sink: CombiningSinkProtocol, keepsLatestOnly: Bool) {
        self.sink = sink
        self.keepsLatestOnly = keepsLatestOnly
    }

    /// Registers `source` as the next source and returns the slot its values will be read from.
    @usableFromInline
    mutating func attach<Source: ObservableConvertibleType>(_ source: Source) -> CombiningSlot<Source.Element> {
        let slot = CombiningSlot<Source.Element>(keepsLatestOnly: keepsLatestOnly)
        let observer = CombiningSourceObserver(sink: sink, slot: slot, index: connections.count)
        let observable = source.asObservable()
        connections.append { observable.subscribe(observer) }
        return slot
    }
}
