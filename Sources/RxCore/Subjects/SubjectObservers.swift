/// The observers of one subject: those receiving live events, and those the subject is still
/// replaying its state to ("priming").
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
struct SubjectObservers<Element> {
    /// One subscribed observer and its subscription.
    struct Entry {
        /// Delivers one event to the observer.
        let on: (Event<Element>) -> Void
        /// The subscription; once disposed, the observer gets nothing more.
        let subscription: SubjectSubscription

        /// Delivers `event` unless the subscription has been disposed.
        @inline(__always)
        func deliver(_ event: Event<Element>) {
            if !subscription.isDisposed {
                on(event)
            }
        }
    }

    private struct Priming {
        let entry: Entry
        var pending: [Event<Element>]
        var stopped: Bool
    }

    private var live = Bag<Entry>()
    private var priming: [Priming] = []

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
    mutating func queueForPriming(_ event: Event<Element>) {
        guard !priming.isEmpty else { return }
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

    /// Sends `event` to the live observers after queueing it for the priming ones, and, for a
    /// stop event, unregisters the live observers.
    ///
    /// - Returns: The observers the caller must deliver `event` to, outside the lock.
    mutating func receive(_ event: Event<Element>) -> [Entry] {
        queueForPriming(event)
        if event.isStopEvent {
            return live.removeAll()
        }
        return live.elements
    }

    /// Unregisters the observer of `subscription`.
    ///
    /// - Returns: The removed entry, for the caller to release outside the lock.
    mutating func remove(_ subscription: SubjectSubscription) -> Entry? {
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

    /// Unregisters every observer without sending anything (the subject was disposed).
    ///
    /// - Returns: The removed entries, for the caller to release outside the lock.
    mutating func removeAll() -> [Entry] {
        let removed = live.removeAll() + priming.map(\.entry)
        priming.removeAll()
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
