extension ConnectableObservableType {
    /// Connects this sequence when the first observer subscribes and disconnects it when the
    /// last one leaves.
    ///
    /// When the source terminates, the connection is over: the next observer makes a new
    /// connection.
    ///
    /// - Returns: An ordinary sequence that shares the connection among its observers.
    public func refCount() -> Observable<Element> {
        RefCountProducer(source: self)
    }
}

/// The observable behind ``ConnectableObservableType/refCount()``.
///
/// `count`, `connectionID` and `connection` are guarded by `lock`, a recursive lock held
/// while connecting, as RxSwift does: a source that terminates while being connected comes
/// back to the sink, which takes the lock again.
private final class RefCountProducer<Source: ConnectableObservableType>: Producer<Source.Element> {
    let source: Source
    let lock = RecursiveLock()
    var count = 0
    var connectionID: UInt64 = 0
    var connection: Disposable?

    init(source: Source) {
        self.source = source
        super.init()
    }

    override func run<Observer: ObserverType>(
        _ observer: Observer,
        cancel: Cancelable
    ) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Source.Element {
        let sink = RefCountSink(parent: self, observer: observer, cancel: cancel)
        let subscription = sink.run()
        return (sink: sink, subscription: subscription)
    }
}

/// One observer of a ``RefCountProducer``: counts itself in while subscribed.
private final class RefCountSink<Source: ConnectableObservableType, Observer: ObserverType>: Sink<Observer>, ObserverType
where Source.Element == Observer.Element {
    typealias Element = Observer.Element

    private let parent: RefCountProducer<Source>
    /// The connection this observer counted itself into; `nil` until then.
    private var connectionID: UInt64?

    init(parent: RefCountProducer<Source>, observer: Observer, cancel: Cancelable) {
        self.parent = parent
        super.init(observer: observer, cancel: cancel)
    }

    func run() -> Disposable {
        let subscription = parent.source.subscribe(self)
        let parent = self.parent
        let counted: Bool = parent.lock.performLocked {
            connectionID = parent.connectionID
            if isDisposed { return false }
            parent.count += 1
            if parent.count == 1 {
                parent.connection = parent.source.connect()
            }
            return true
        }
        guard counted, let connectionID = self.connectionID else { return subscription }
        return Disposables.create {
            subscription.dispose()
            let toDispose: Disposable? = parent.lock.performLocked {
                guard parent.connectionID == connectionID, parent.count > 0 else { return nil }
                parent.count -= 1
                guard parent.count == 0 else { return nil }
                defer { parent.connection = nil }
                return parent.connection
            }
            toDispose?.dispose()
        }
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next:
            forwardOn(event)
        case .error, .completed:
            let toDispose: Disposable? = parent.lock.performLocked {
                guard parent.connectionID == connectionID else { return nil }
                parent.count = 0
                parent.connectionID &+= 1
                defer { parent.connection = nil }
                return parent.connection
            }
            toDispose?.dispose()
            forwardOn(event)
            dispose()
        }
    }
}
