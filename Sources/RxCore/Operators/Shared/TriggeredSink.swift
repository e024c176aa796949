/// A sink that a second sequence, the trigger, controls: the base of `skip(until:)` and
/// `take(until:)`.
///
/// The source and the trigger may deliver on different threads, so both hold one recursive
/// lock while they forward. An error of the trigger ends the result; a completion of the
/// trigger without an element only ends the subscription to it.
class TriggeredSink<Other, Observer: ObserverType>: Sink<Observer> {
    /// What the subclasses observe: the source's elements.
    typealias Element = Observer.Element

    /// Serializes the events of the source and of the trigger.
    final let lock = RecursiveLock()

    /// Subscribes to `trigger` through a ``TriggerObserver``.
    ///
    /// - Returns: The subscription to the trigger.
    final func subscribe(toTrigger trigger: Observable<Other>) -> Disposable {
        TriggerObserver(sink: self).subscribe(to: trigger)
    }

    /// The trigger emitted an element. Subclasses must override it.
    ///
    /// - Returns: Whether the subscription to the trigger ends here; `false` when the sink's
    ///   own teardown ends it.
    func triggerFired() -> Bool {
        rxAbstractMethod()
    }

    /// The trigger failed: the result ends with its error.
    final func triggerFailed(_ error: Swift.Error) {
        stop(with: .error(error), claimedUnder: lock)
    }
}

/// Observes the trigger of a ``TriggeredSink``.
final class TriggerObserver<Other, Observer: ObserverType>: ObserverType {
    typealias Element = Other

    private let sink: TriggeredSink<Other, Observer>
    private let subscription = SingleAssignmentDisposable()

    init(sink: TriggeredSink<Other, Observer>) {
        self.sink = sink
        ResourceCounter.allocated(self)
    }

    deinit {
        ResourceCounter.deallocated(self)
    }

    /// Subscribes to `trigger`.
    ///
    /// - Returns: The subscription to the trigger.
    func subscribe(to trigger: Observable<Other>) -> Disposable {
        subscription.setDisposable(trigger.subscribe(self))
        return subscription
    }

    func on(_ event: Event<Other>) {
        switch event {
        case .next:
            if sink.triggerFired() {
                subscription.dispose()
            }
        case .error(let error):
            sink.triggerFailed(error)
        case .completed:
            subscription.dispose()
        }
    }
}
