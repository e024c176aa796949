/// The observers of one subject: those receiving live events, and those the subject is still
/// replaying its state to ("priming"), the stop event that ended the subject, if any, and
/// whether it was disposed. Every subject keeps its state here, so that the rules of
/// receiving, admitting and dropping observers are written once.
///
/// A subject that replays (``BehaviorSubject``, ``ReplaySubject``) must not call a new
/// observer under its lock, yet the replayed elements must reach the observer before any
/// element sent later. So a new observer starts out priming: events sent meanwhile are queued
/// for it under the lock, and the subscribing thread delivers the queue outside the lock,
/// batch by batch, until it is empty; only then does the observer join the live ones.
///
/// Not thread-safe: each subject keeps one next to its own state and touches it only under
/// its lock. ``receive(_:)`` hands out the bag's element array as an immutable snapshot: that
/// retains the storage without copying it, so sending an element allocates nothing; the
/// storage is copied only when an observer joins or leaves while a delivery still holds the
/// previous snapshot.
///
/// The live observers are kept as `[AnyObject]` on purpose: per element, the subject's
/// unspecialized generic code then touches no type built from `Element` (an array of entries,
/// an `Event`), each of which would cost a run-time metadata lookup of about 20 ns.
struct SubjectObservers<Element> {
    /// One subscribed observer and its subscription.
    typealias Entry = SubjectObserver<Element>

    private struct Priming {
        let entry: Entry
        var pending: [Event<Element>]
        var stopped: Bool
    }

    /// Whether the subject has received its stop event: `stopEvent != nil`, kept as a flag so
    /// the per-element path can test it without a run-time lookup of the event's type.
    private(set) var isStopped = false
    /// The live observers, each a ``SubjectObserver``.
    private var live = Bag<AnyObject>()
    private var priming: [Priming] = [] {
        didSet { isPriming = !priming.isEmpty }
    }
    /// `!priming.isEmpty`, kept as a flag: in the subjects' unspecialized code, asking the array
    /// costs a run-time type lookup on every element.
    private var isPriming = false
    /// Whether the subject was disposed: it then sends nothing and rejects new observers.
    private(set) var isDisposed = false
    /// The stop event the subject received, answered to later observers. Last on purpose: the
    /// only field whose layout depends on `Element`, so every field before it sits at a fixed
    /// offset the per-element path reads without the struct's run-time metadata.
    private(set) var stopEvent: Event<Element>?

    /// Whether any observer that can still receive events is subscribed.
    var hasObservers: Bool {
        !live.isEmpty || priming.contains { !$0.stopped }
    }

    /// Adds an observer that receives live events from now on.
    mutating func insert(_ entry: Entry) {
        entry.subscription.key = live.insert(entry)
    }

    /// Adds an observer that must first be sent `events`; events sent meanwhile queue behind them.
    mutating func beginPriming(_ entry: Entry, with events: [Event<Element>]) {
        let stopped = !events.isEmpty && events[events.count - 1].isStopEvent
        priming.append(Priming(entry: entry, pending: events, stopped: stopped))
    }

    /// Queues `event` for every priming observer. Call it for each event the subject sends.
    @inline(__always)
    private mutating func queueForPriming(_ event: Event<Element>) {
        for index in priming.indices where !priming[index].stopped {
            priming[index].pending.append(event)
            priming[index].stopped = event.isStopEvent
        }
    }

    /// Takes the queued events of a priming observer; when none are left, moves the observer
    /// to the live ones (or drops it when it has already been sent a stop event).
    ///
    /// - Returns: The next events to deliver, or `nil` when priming is over.
    mutating func nextPrimingBatch(for subscription: SubjectSubscription) -> [Event<Element>]? {
        guard let index = primingIndex(of: subscription) else {
            return nil
        }
        if !priming[index].pending.isEmpty {
            let batch = priming[index].pending
            priming[index].pending = []
            return batch
        }
        let finished = priming.remove(at: index)
        if !finished.stopped, !subscription.isDisposed {
            insert(finished.entry)
        }
        return nil
    }

    /// Queues `event` for the priming observers and, for a stop event, unregisters the live
    /// observers.
    ///
    /// - Returns: The observers the caller must deliver `event` to with ``deliver(_:to:)``,
    ///   outside the lock.
    mutating func receive(_ event: Event<Element>) -> [AnyObject] {
        if isPriming {
            queueForPriming(event)
        }
        if event.isStopEvent {
            return live.removeAll()
        }
        return live.elements
    }

    /// Whether the subject still takes events: it has neither stopped nor been disposed.
    var acceptsEvents: Bool {
        @inline(__always) get { !isStopped && !isDisposed }
    }

    /// Records the subject's stop event and hands it to ``receive(_:)``, unless the subject
    /// has already stopped or was disposed.
    ///
    /// - Returns: The observers the caller must deliver `event` to with ``deliver(_:to:)``,
    ///   outside the lock; none when the subject no longer takes events.
    mutating func receiveStop(_ event: Event<Element>) -> [AnyObject] {
        if !acceptsEvents {
            return []
        }
        isStopped = true
        stopEvent = event
        return receive(event)
    }

    /// ``receive(_:)`` for `.next(element)`, building the event only when an observer is
    /// priming; ignored once the subject has stopped or was disposed.
    ///
    /// - Parameters:
    ///   - element: The element sent to the subject.
    ///   - record: Keeps the element in the subject's own state (its current value, its
    ///     buffer); called only when the subject takes the element.
    /// - Returns: The observers the caller must deliver the element to with
    ///   ``deliverNext(_:to:)``, outside the lock.
    @inline(__always)
    mutating func receiveNext(_ element: Element, record: (Element) -> Void) -> [AnyObject] {
        if !acceptsEvents {
            return []
        }
        record(element)
        return receiveAcceptedNext(element)
    }

    /// ``receiveNext(_:record:)`` for a subject that keeps no state per element.
    @inline(__always)
    mutating func receiveNext(_ element: Element) -> [AnyObject] {
        if !acceptsEvents {
            return []
        }
        return receiveAcceptedNext(element)
    }

    /// Queues an accepted element for the priming observers and returns the live ones.
    @inline(__always)
    private mutating func receiveAcceptedNext(_ element: Element) -> [AnyObject] {
        if isPriming {
            queueNextForPriming(element)
        }
        return live.elements
    }

    /// Out of line, so that the per-element path does not look up the `Event` type it builds.
    @inline(never)
    private mutating func queueNextForPriming(_ element: Element) {
        queueForPriming(.next(element))
    }

    /// Delivers `event` to observers returned by ``receive(_:)``.
    static func deliver(_ event: Event<Element>, to targets: [AnyObject]) {
        for target in targets {
            unsafeDowncast(target, to: Entry.self).deliver(event)
        }
    }

    /// Delivers `element` to observers returned by ``receiveNext(_:)``.
    @inline(__always)
    static func deliverNext(_ element: Element, to targets: [AnyObject]) {
        for target in targets {
            unsafeDowncast(target, to: Entry.self).deliverNext(element)
        }
    }

    /// Unregisters the observer of `subscription`.
    ///
    /// - Returns: The removed entry, for the caller to release outside the lock.
    mutating func remove(_ subscription: SubjectSubscription) -> AnyObject? {
        if let key = subscription.key {
            return live.removeKey(key)
        }
        guard let index = primingIndex(of: subscription) else {
            return nil
        }
        return priming.remove(at: index).entry
    }

    /// Where the priming observer of `subscription` is (a plain loop: the subjects' generic
    /// code is not specialized, and the closure-taking algorithms would allocate).
    private func primingIndex(of subscription: SubjectSubscription) -> Int? {
        var index = 0
        while index < priming.count {
            if priming[index].entry.subscription === subscription {
                return index
            }
            index += 1
        }
        return nil
    }

    /// Marks the subject disposed, unregisters every observer without sending anything and
    /// forgets the stop event.
    ///
    /// - Returns: The removed entries, for the caller to release outside the lock.
    mutating func dispose() -> [AnyObject] {
        let removed = live.removeAll() + priming.map { $0.entry as AnyObject }
        priming.removeAll()
        isStopped = false
        isDisposed = true
        stopEvent = nil
        return removed
    }

    /// Delivers a priming observer's queued events, batch by batch, until it joins the live
    /// observers. Call it outside the lock; `nextBatch` takes the lock and calls
    /// ``nextPrimingBatch(for:)``.
    static func prime(_ entry: Entry, nextBatch: () -> [Event<Element>]?) {
        while let batch = nextBatch() {
            for event in batch {
                entry.deliver(event)
            }
        }
    }
}

/// One observer subscribed to a subject, with its subscription: once that is disposed, the
/// observer gets nothing more.
///
/// A class rather than a pair of closures so that subscribing allocates one object, and so
/// that elements reach the observer through ``ObserverType/_onNext(_:)`` without an `Event`.
class SubjectObserver<Element> {
    /// The subscription that unsubscribes the observer.
    final let subscription: SubjectSubscription

    init(subscription: SubjectSubscription) {
        self.subscription = subscription
    }

    /// Delivers `event` unless the subscription has been disposed.
    func deliver(_ event: Event<Element>) {
        rxAbstractMethod()
    }

    /// Delivers `.next(element)` unless the subscription has been disposed.
    func deliverNext(_ element: Element) {
        rxAbstractMethod()
    }
}

/// A ``SubjectObserver`` for an observer of a known type.
final class SubjectObserverOf<Observer: ObserverType>: SubjectObserver<Observer.Element> {
    private let observer: Observer

    init(_ observer: Observer, subscription: SubjectSubscription) {
        self.observer = observer
        super.init(subscription: subscription)
    }

    override func deliver(_ event: Event<Observer.Element>) {
        if !subscription.isDisposed {
            observer.on(event)
        }
    }

    override func deliverNext(_ element: Observer.Element) {
        if !subscription.isDisposed {
            observer._onNext(element)
        }
    }
}
