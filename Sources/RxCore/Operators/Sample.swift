extension ObservableType {
    /// Sends the source's latest element each time `sampler` ticks, if a new one came since
    /// the previous tick.
    ///
    /// A tick is an element or the completion of `sampler`. Without a new element since the
    /// previous tick, the tick sends `defaultValue` if there is one and nothing otherwise.
    /// The result completes at the first tick after the source completed; an error from
    /// either sequence ends it at once.
    ///
    /// ```swift
    /// // source: 1, 2 ... tick ... tick ... 3 ... tick
    /// _ = source.sample(ticks).subscribe(onNext: { print($0) })
    /// // 2
    /// // 3
    /// ```
    ///
    /// - Parameters:
    ///   - sampler: The sequence whose events trigger the samples.
    ///   - defaultValue: What a tick sends when no new element came since the previous tick.
    /// - Returns: The sampled sequence.
    public func sample<Source: ObservableType>(_ sampler: Source, defaultValue: Element? = nil) -> Observable<Element> {
        SampleProducer(source: asObservable(), sampler: sampler.asObservable(), defaultValue: defaultValue)
    }
}

/// Receives the source's events and keeps its latest element. It and the sampler's
/// observer deliver under one recursive lock, so the two sources never forward at once.
private final class SampleSink<Observer: ObserverType, Tick>: Sink<Observer>, ObserverType {
    typealias Element = Observer.Element

    let lock = RecursiveLock()
    let defaultValue: Element?
    private let sourceSubscription = SingleAssignmentDisposable()

    /// The element that came since the last tick; guarded by `lock`.
    var latest: Element?
    /// Whether the source has completed; guarded by `lock`.
    var sourceCompleted = false

    init(defaultValue: Element?, observer: Observer, cancel: Cancelable) {
        self.defaultValue = defaultValue
        super.init(observer: observer, cancel: cancel)
    }

    func run(source: Observable<Element>, sampler: Observable<Tick>) -> Disposable {
        sourceSubscription.setDisposable(source.subscribe(self))
        let samplerSubscription = sampler.subscribe(SampleTicker<Observer, Tick>(parent: self))
        return Disposables.create(sourceSubscription, samplerSubscription)
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            lock.performLocked { latest = element }
        case .error:
            // Ended under the lock, delivered and torn down after it: a source's teardown may
            // wait for a lock whose holder waits for ours.
            if lock.performLocked({ claimStop() }) {
                deliverStop(event)
            }
        case .completed:
            lock.performLocked { sourceCompleted = true }
            sourceSubscription.dispose()
        }
    }
}

/// Receives the sampler's events: each element or completion is a tick.
private final class SampleTicker<Observer: ObserverType, Tick>: ObserverType {
    typealias Element = Tick

    private let parent: SampleSink<Observer, Tick>

    init(parent: SampleSink<Observer, Tick>) {
        self.parent = parent
        ResourceCounter.allocated(self)
    }

    deinit {
        ResourceCounter.deallocated(self)
    }

    func on(_ event: Event<Tick>) {
        let stop: Event<Observer.Element>? = parent.lock.performLocked {
            switch event {
            case .next, .completed:
                if let element = parent.latest {
                    parent.latest = nil
                    parent.forwardOn(.next(element))
                } else if let element = parent.defaultValue {
                    parent.forwardOn(.next(element))
                }
                return parent.sourceCompleted && parent.claimStop() ? .completed : nil
            case .error(let error):
                return parent.claimStop() ? .error(error) : nil
            }
        }
        if let stop {
            parent.deliverStop(stop)
        }
    }
}

/// The observable behind ``ObservableType/sample(_:defaultValue:)``.
private final class SampleProducer<Element, Tick>: Producer<Element> {
    private let source: Observable<Element>
    private let sampler: Observable<Tick>
    private let defaultValue: Element?

    init(source: Observable<Element>, sampler: Observable<Tick>, defaultValue: Element?) {
        self.source = source
        self.sampler = sampler
        self.defaultValue = defaultValue
    }

    override func run<Observer: ObserverType>(
        _ observer: Observer,
        cancel: Cancelable
    ) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = SampleSink<Observer, Tick>(defaultValue: defaultValue, observer: observer, cancel: cancel)
        let subscription = sink.run(source: source, sampler: sampler)
        return (sink: sink, subscription: subscription)
    }
}
