extension ObservableType {
    /// Maps each element to an inner sequence and forwards the events of the most recent
    /// inner sequence only.
    ///
    /// Each new element disposes the subscription to the previous inner sequence before the
    /// new one is subscribed, so stale results never arrive: the classic search-as-you-type
    /// operator, where a new query cancels the request still in flight. The result completes
    /// once the source has completed and the latest inner sequence has completed; the first
    /// error, from the source, the latest inner sequence or `selector`, ends it.
    ///
    /// ```swift
    /// // query:    --a----b-c------->
    /// // requests:   [--A]  x[--C]
    /// // results:  -----A--------C-->
    /// query.flatMapLatest { text in api.search(text) }
    /// ```
    ///
    /// - Parameter selector: Returns the inner sequence for an element.
    /// - Returns: The events of the latest inner sequence.
    public func flatMapLatest<Source: ObservableConvertibleType>(
        _ selector: @escaping (Element) throws -> Source
    ) -> Observable<Source.Element> {
        FlatMapLatestProducer(source: asObservable(), selector: selector)
    }
}

/// One subscription of `flatMapLatest` or `switchLatest()`: keeps only the latest inner
/// subscription.
///
/// Each inner sequence gets an increasing id; events of an inner sequence that is no longer
/// the latest are dropped even if they race with its disposal. Events are handled under one
/// recursive lock, as in `flatMap`.
private final class FlatMapLatestSink<SourceElement, Inner: ObservableConvertibleType, Observer: ObserverType>:
    InnerSequenceSink<SourceElement, Inner, Observer>, ObserverType
where Inner.Element == Observer.Element {
    private let innerSubscription = SerialDisposable()

    // Guarded by `lock`.
    private var latestID: UInt64 = 0
    private var hasActiveInner = false

    /// Subscribes to the source.
    ///
    /// - Returns: The source subscription together with the current inner subscription.
    func run(_ source: Observable<SourceElement>) -> Disposable {
        sourceSubscription.setDisposable(source.subscribe(self))
        return Disposables.create(sourceSubscription, innerSubscription)
    }

    func on(_ event: Event<SourceElement>) {
        switch event {
        case .next(let element):
            guard let inner = selectInner(for: element) else {
                return
            }
            let id: UInt64 = lock.performLocked {
                hasActiveInner = true
                latestID &+= 1
                return latestID
            }
            let subscription = SingleAssignmentDisposable()
            // Replacing the serial disposable's content cancels the previous inner sequence.
            innerSubscription.disposable = subscription
            let observer = FlatMapLatestInnerObserver(parent: self, id: id, subscription: subscription)
            subscription.setDisposable(inner.subscribe(observer))
        case .error(let error):
            fail(error)
        case .completed:
            if completeSource(innerDone: { !hasActiveInner }) {
                deliverStop(.completed)
            }
        }
    }

    /// Handles an event of the inner sequence numbered `id`.
    fileprivate func innerEvent(_ event: Event<Observer.Element>, id: UInt64) {
        let ended: Bool = lock.performLocked {
            guard id == latestID else {
                return false
            }
            switch event {
            case .next:
                forwardOn(event)
                return false
            case .error:
                return claimStop()
            case .completed:
                hasActiveInner = false
                return sourceCompleted && claimStop()
            }
        }
        if ended {
            deliverStop(event)
        }
    }
}

/// Routes the events of one inner sequence to its ``FlatMapLatestSink`` and releases the inner
/// subscription when that sequence terminates.
private struct FlatMapLatestInnerObserver<SourceElement, Inner: ObservableConvertibleType, Observer: ObserverType>:
    ObserverType
where Inner.Element == Observer.Element {
    typealias Element = Observer.Element

    let parent: FlatMapLatestSink<SourceElement, Inner, Observer>
    let id: UInt64
    let subscription: SingleAssignmentDisposable

    func on(_ event: Event<Element>) {
        if event.isStopEvent {
            subscription.dispose()
        }
        parent.innerEvent(event, id: id)
    }
}

/// The observable behind ``ObservableType/flatMapLatest(_:)``, and the base of `switchLatest()`'s,
/// which runs the same engine with the identity selector.
class FlatMapLatestProducer<SourceElement, Inner: ObservableConvertibleType>:
    InnerSequenceProducer<SourceElement, Inner>
{
    final override func run<Observer: ObserverType>(
        _ observer: Observer,
        cancel: Cancelable
    ) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Inner.Element {
        let sink = FlatMapLatestSink(selector: selector, observer: observer, cancel: cancel)
        let subscription = sink.run(source)
        return (sink: sink, subscription: subscription)
    }
}
