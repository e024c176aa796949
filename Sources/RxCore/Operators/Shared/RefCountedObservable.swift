/// Wraps a sub-sequence handed out by an operator (a window, a group) so that each of its
/// subscriptions keeps the operator's source subscription alive through `refCount`.
///
/// Disposing the outer subscription only releases the primary reference: the source stays
/// subscribed until every subscription to the sub-sequences has ended too. A subscription
/// releases its reference on dispose or when the sub-sequence terminates.
final class RefCountedObservable<Element>: Producer<Element> {
    private let source: Observable<Element>
    private let refCount: RefCountDisposable

    init(source: Observable<Element>, refCount: RefCountDisposable) {
        self.source = source
        self.refCount = refCount
    }

    override func run<Observer: ObserverType>(
        _ observer: Observer,
        cancel: Cancelable
    ) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let release = refCount.retain()
        let sink = RefCountedSink(observer: observer, cancel: cancel)
        let subscription = Disposables.create(release, source.subscribe(sink))
        return (sink: sink, subscription: subscription)
    }
}

/// Forwards the events of one subscription to a ``RefCountedObservable`` and ends it on a
/// stop event.
private final class RefCountedSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Element = Observer.Element

    func on(_ event: Event<Element>) {
        forwardOn(event)
        if event.isStopEvent {
            dispose()
        }
    }
}
