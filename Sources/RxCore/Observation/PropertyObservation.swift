import Dispatch
import Observation

/// One subscription to properties of an `@Observable` object, through
/// `withObservationTracking`, read on a scheduler: the form of `rx.observe(_:on:)`.
///
/// The framework calls `onChange` once, *before* the change is stored (`willSet`), on the
/// thread that makes it, and then forgets the registration. So the new value is read after a
/// hop to the scheduler, and the read registers again: changes made between the first
/// notification and that read are coalesced into one element. Reads never overlap: a change
/// that arrives while a read runs marks it dirty and the same drain reads once more.
///
/// Deallocation: when the object goes, its registrar drops the registered `onChange` closure,
/// which owns a ``ReleaseSentinel``; that sentinel finding the object gone ends the
/// subscription with `completed`. (The framework itself calls no `onChange` at deallocation on
/// Swift 6.3.1, and at most one in newer sources, so it cannot be relied on.)
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
final class PropertyObservation<Base: AnyObject & Observation.Observable, Value>: ObservationChangeHandler, @unchecked Sendable {
    // @unchecked: `observer` and `read` are used only in `drain()`, one thread at a time.

    /// Never reassigned (a `weak var` because `weak let` needs Swift 6.2).
    @exclusivity(unchecked) private weak var object: Base?
    private let read: (Base) -> Value
    private let scheduler: SchedulerType
    private let observer: AnyObserver<Value>
    private let state = LockedValue(ObservationDrain())

    init(object: Base, read: @escaping (Base) -> Value, scheduler: SchedulerType, observer: AnyObserver<Value>) {
        self.object = object
        self.read = read
        self.scheduler = scheduler
        self.observer = observer
        ResourceCounter.allocated(self)
    }

    deinit {
        ResourceCounter.deallocated(self)
    }

    /// Emits the current value on the subscribing thread and registers for changes.
    func start() {
        if state.withLock({ $0.claimForStart() }) {
            drain()
        }
    }

    /// Stops the observation: no read and no event after this returns (a read already running
    /// on the scheduler finishes its element first).
    func dispose() {
        _ = state.withLock { $0.dispose() }
    }

    /// The framework's `onChange`, on the changing thread before the change is stored: hops
    /// to the scheduler to read the new value, unless a read is already due.
    func changed() {
        guard state.withLock({ $0.claimForChange() }) else { return }
        // `scheduleRelative` with no delay always queues, even on a scheduler that runs
        // `schedule` inline on its own thread (the main scheduler): reading inline here would
        // read the value from before the change.
        let handler: any ObservationChangeHandler = self
        _ = scheduler.scheduleRelative(handler, dueTime: .nanoseconds(0)) { handler in
            handler.drain()
            return Disposables.create()
        }
    }

    /// Reads, registers and emits until no change came in meanwhile. Runs holding the drain.
    func drain() {
        while true {
            // A drain queued before a disposal neither reads nor registers again.
            if state.withLock({ $0.disposed }) { return }
            guard let object else {
                finish()
                return
            }
            // The closures see this observation only as the non-generic handler, so that they
            // capture no metatype of the object's type.
            let handler: any ObservationChangeHandler = self
            let sentinel = ReleaseSentinel { [weak handler] in handler?.registrationReleased() }
            _ = withObservationTracking {
                read(object)
            } onChange: { [weak handler] in
                withExtendedLifetime(sentinel) {}
                handler?.changed()
            }
            // Read again once registered: a change stored between the tracked read and the
            // registration notified nobody, and this read sees it.
            let value = read(object)
            if state.withLock({ $0.disposed }) { return }
            observer.onNext(value)
            guard state.withLock({ $0.readAgain() }) else { return }
        }
    }

    /// The registrar let go of a registration: after it fired (the object is still there), or
    /// because the object is being deallocated. Called under the registrar's lock, so it only
    /// queues the check.
    func registrationReleased() {
        guard object == nil else { return }
        let handler: any ObservationChangeHandler = self
        DispatchQueue.global().async {
            handler.changed()
        }
    }

    /// The object is gone: completes, once.
    private func finish() {
        if state.withLock({ $0.dispose() }) {
            observer.onCompleted()
        }
    }
}

/// What the framework's callbacks reach of a ``PropertyObservation``, without its type
/// parameters.
private protocol ObservationChangeHandler: AnyObject, Sendable {
    /// The object said a tracked property will change.
    func changed()
    /// Reads, registers and emits; runs with the drain claimed.
    func drain()
    /// The registrar freed a registration.
    func registrationReleased()
}
