#if !canImport(Darwin)
import Dispatch
// The `didSet` form of `withObservationTracking` is the framework's SPI. The toolchains of
// swift.org (Linux, Windows, Android) ship it in the module; Apple's SDKs do not, so Apple
// platforms use `PropertyObservation` and a scheduler instead.
@_spi(SwiftUI) import Observation

/// One subscription to properties of an `@Observable` object that emits each new value on the
/// thread that changed it, right after the value is stored.
///
/// One `didSet` registration stays for the whole subscription: the framework calls it after
/// every change of a tracked property, on the changing thread. Emissions never overlap: a
/// change that arrives while another thread (or the observer itself, from `onNext`) is
/// emitting marks the drain dirty, and the emitting thread reads and emits once more. So under
/// contention values may be coalesced, never reordered, and the last value always arrives.
///
/// The framework hands out the registration's handle only in its callback, so disposing
/// cancels it when it has one; a registration made before any change stays in the object's
/// registrar until the next change or the object's deallocation, holding nothing but a weak
/// reference to this observation.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
final class DidSetObservation<Base: AnyObject & Observation.Observable, Value>: @unchecked Sendable {
    // @unchecked: `observer` and `read` are used only by the thread that holds the drain
    // (`ObservationDrain`), one at a time; the rest is immutable or behind `state`.

    private struct State {
        var drain = ObservationDrain()
        var tracking: ObservationTracking?
    }

    /// Never reassigned (a `weak var` because `weak let` needs Swift 6.2).
    @exclusivity(unchecked) private weak var object: Base?
    private let read: (Base) -> Value
    private let observer: AnyObserver<Value>
    private let state = LockedValue(State())

    init(object: Base, read: @escaping (Base) -> Value, observer: AnyObserver<Value>) {
        self.object = object
        self.read = read
        self.observer = observer
        ResourceCounter.allocated(self)
    }

    deinit {
        ResourceCounter.deallocated(self)
    }

    /// Registers for changes, then emits the current value on the subscribing thread.
    func start() {
        guard let object else {
            finish()
            return
        }
        guard state.withLock({ $0.drain.claimForStart() }) else { return }
        // The callbacks reach this observation only as the non-generic handler, weakly: the
        // registration must neither keep the subscription alive nor capture the object's type.
        let handler: any DidSetChangeHandler = self
        let sentinel = ReleaseSentinel { [weak handler] in handler?.registrationReleased() }
        _ = withObservationTracking {
            read(object)
        } didSet: { [weak handler] tracking in
            withExtendedLifetime(sentinel) {}
            guard let handler else {
                tracking.cancel()
                return
            }
            handler.changed(tracking)
        }
        drain()
    }

    /// Stops the observation: no element after this returns, and the registration is cancelled
    /// when its handle is known.
    func dispose() {
        let registration = state.withLock { state -> ObservationTracking? in
            state.drain.dispose()
            defer { state.tracking = nil }
            return state.tracking
        }
        registration?.cancel()
    }

    /// A tracked property was stored, on the changing thread: emits now unless another thread
    /// is emitting, which then emits once more.
    fileprivate func changed(_ registration: ObservationTracking) {
        let (claimed, cancel) = state.withLock { state -> (Bool, Bool) in
            if state.drain.disposed { return (false, true) }
            if state.tracking == nil { state.tracking = registration }
            return (state.drain.claimForChange(), false)
        }
        if cancel {
            registration.cancel()
        } else if claimed {
            drain()
        }
    }

    /// Reads and emits until no change came in meanwhile. Runs holding the drain.
    private func drain() {
        while true {
            guard let object else {
                state.withLock { $0.drain.release() }
                finish()
                return
            }
            let value = read(object)
            if state.withLock({ $0.drain.disposed }) { return }
            observer.onNext(value)
            guard state.withLock({ $0.drain.readAgain() }) else { return }
        }
    }

    /// The registrar let go of the registration. When that is because the object is being
    /// deallocated, completes: later, since the registrar calls this under its own lock.
    fileprivate func registrationReleased() {
        guard object == nil else { return }
        // Through the non-generic handler, so that the closure captures no metatype.
        let handler: any DidSetChangeHandler = self
        DispatchQueue.global().async {
            handler.finish()
        }
    }

    /// The object is gone: completes, once.
    fileprivate func finish() {
        if state.withLock({ $0.drain.dispose() }) {
            observer.onCompleted()
        }
    }
}

/// What the framework's callbacks reach of a ``DidSetObservation``, without its type
/// parameters.
private protocol DidSetChangeHandler: AnyObject, Sendable {
    /// A tracked property was stored.
    func changed(_ registration: ObservationTracking)
    /// The registrar freed the registration.
    func registrationReleased()
    /// The object is gone: completes, once.
    func finish()
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
extension DidSetObservation: DidSetChangeHandler {}

#endif
