/// What one source of `zip` or `combineLatest` has delivered and not yet used.
///
/// `zip` keeps every element in arrival order and consumes the oldest for each combination;
/// `combineLatest` keeps only the latest element and reads it again for every combination.
/// The slot is plain storage guarded by the sink's lock. It holds no reference back to the
/// sink, so the sink can own its slots (through its combine closure) without a cycle.
@usableFromInline
final class CombiningSlot<Element> {
    private let keepsLatestOnly: Bool
    /// `zip`'s elements, oldest first.
    @exclusivity(unchecked) private var values = PendingQueue<Element>()
    /// `combineLatest`'s latest element, initialized once `hasLatest` is true. Raw storage
    /// rather than an `Element?`: in the slot's unspecialized code, every use of an optional
    /// of `Element` would cost a run-time type lookup per element.
    private let latest = UnsafeMutablePointer<Element>.allocate(capacity: 1)
    @exclusivity(unchecked) private var hasLatest = false

    init(keepsLatestOnly: Bool) {
        self.keepsLatestOnly = keepsLatestOnly
        ResourceCounter.allocated(self)
    }

    deinit {
        if hasLatest {
            latest.deinitialize(count: 1)
        }
        latest.deallocate()
        ResourceCounter.deallocated(self)
    }

    /// Keeps an element the source delivered.
    func store(_ value: Element) {
        if keepsLatestOnly {
            if hasLatest {
                latest.pointee = value
            } else {
                latest.initialize(to: value)
                hasLatest = true
            }
        } else {
            values.enqueue(value)
        }
    }

    /// The source's value for the combination being made: `zip` removes the oldest element,
    /// `combineLatest` reads the latest one and keeps it.
    ///
    /// The sink asks only once every slot holds a value.
    @usableFromInline
    func nextValue() -> Element {
        if keepsLatestOnly, hasLatest {
            return latest.pointee
        }
        return nextQueuedValue()
    }

    /// `zip`'s half of ``nextValue()``: out of line, so that `combineLatest`'s per-element
    /// path does not look up the type of the `Element?` that dequeuing returns.
    @inline(never)
    private func nextQueuedValue() -> Element {
        if !keepsLatestOnly, let oldest = values.dequeue() {
            return oldest
        }
        rxFatalError("CombiningSlot: a combination was requested before the source delivered a value")
    }
}

/// The observer subscribed to one source of `zip` or `combineLatest`: stores the source's
/// elements in its slot and reports every event to the sink, under the sink's lock.
final class CombiningSourceObserver<Element>: ObserverType {
    private let sink: CombiningSinkProtocol
    private let slot: CombiningSlot<Element>
    private let index: Int

    init(sink: CombiningSinkProtocol, slot: CombiningSlot<Element>, index: Int) {
        self.sink = sink
        self.slot = slot
        self.index = index
        ResourceCounter.allocated(self)
    }

    deinit {
        ResourceCounter.deallocated(self)
    }

    func on(_ event: Event<Element>) {
        if case .next(let value) = event {
            _onNext(value)
            return
        }
        // The lock only decides; subscriptions are disposed after it is released.
        let ended: Bool = sink.lock.performLocked {
            switch event {
            case .next(let value):
                slot.store(value)
                return sink.sourceProduced(at: index)
            case .error(let error):
                return sink.sourceFailed(error)
            case .completed:
                return sink.sourceCompleted(at: index)
            }
        }
        if ended {
            sink.endAfterUnlocking()
        } else {
            sink.disposeSource(at: index)
        }
    }

    func _onNext(_ value: Element) {
        let ended = sink.lock.performLocked {
            slot.store(value)
            return sink.sourceProduced(at: index)
        }
        if ended {
            sink.endAfterUnlocking()
        }
    }
}
