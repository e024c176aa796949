/// A subject that holds a current value: it sends that value to each new observer, then the
/// elements sent after it.
///
/// The subject starts with the value given to ``init(value:)``; each element sent replaces
/// it. Once the subject has received `.completed` or `.error`, new observers receive only that
/// stop event (not the last value); after ``dispose()`` they receive
/// ``RxError/disposed(object:)``. ``value()`` reads the current value imperatively.
///
/// ```swift
/// let subject = BehaviorSubject(value: "Initial value")
/// subject.onNext("X")
/// let subscription = subject.subscribe(onNext: { print($0) })   // X
/// subject.onNext("Y")                                           // Y
/// print(try subject.value())                                    // Y
/// subscription.dispose()
/// ```
///
/// All methods are thread-safe; observers are called outside the subject's lock, and a new
/// observer receives the current value before any element sent after it subscribed. Send
/// events from one thread at a time (debug builds report overlapping `on` calls through
/// ``Hooks/synchronizationAnomalyHandler``).
///
/// Sendable only when `Element` is: the subject hands its elements to other threads.
public final class BehaviorSubject<Element>:
    Observable<Element>, SubjectType, ObserverType, Cancelable, SubjectSubscriptionOwner
{
    private let lock = SubjectLock()
    // `@exclusivity(unchecked)`: the lock already serializes every access to this state, and
    // the run-time exclusivity check would cost the per-element path about 8 ns.
    @exclusivity(unchecked) private var observers = SubjectObservers<Element>()
    @exclusivity(unchecked) private var element: Element

    /// Creates a subject whose current value is `value`.
    ///
    /// - Parameter value: The value sent to observers until another element is sent.
    public init(value: Element) {
        element = value
        super.init()
    }

    /// Whether any observer is subscribed.
    public var hasObservers: Bool {
        lock.locked { observers.hasObservers }
    }

    /// Whether ``dispose()`` has been called.
    public var isDisposed: Bool {
        lock.locked { observers.isDisposed }
    }

    /// Returns the current value: the initial value or the last element sent.
    ///
    /// After `.completed` it still returns the last value.
    ///
    /// - Returns: The current value.
    /// - Throws: The error the subject terminated with, or ``RxError/disposed(object:)``
    ///   after ``dispose()``.
    public func value() throws -> Element {
        let result: Result<Element, Swift.Error> = lock.locked {
            if observers.isDisposed {
                return .failure(RxError.disposed(object: self))
            }
            if let error = observers.stopEvent?.error {
                return .failure(error)
            }
            return .success(element)
        }
        return try result.get()
    }

    /// The current value, for ``BehaviorRelay``, whose subject never fails and is never disposed.
    var currentElement: Element {
        lock.locked { element }
    }

    /// Sends `event` to the subscribed observers; an element also becomes the current value.
    ///
    /// A stop event also unsubscribes the observers and is kept for later observers. Events
    /// after a stop event or after ``dispose()`` are ignored.
    ///
    /// - Parameter event: The event to send.
    public func on(_ event: Event<Element>) {
        if case .next(let element) = event {
            _onNext(element)
            return
        }
        lock.send(stop: event, to: type(of: self)) { observers.receiveStop(event) }
    }

    /// Sends `.next(element)` without building the event (the per-element path behind
    /// ``on(_:)`` and `onNext(_:)`).
    public func _onNext(_ element: Element) {
        lock.send(next: element, to: type(of: self)) {
            observers.receiveNext(element) { self.element = $0 }
        }
    }

    /// Subscribes `observer`: it receives the current value at once, then the elements sent
    /// from now on.
    ///
    /// - Parameter observer: The observer.
    /// - Returns: A disposable that unsubscribes the observer.
    public override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        lock.locked { observers.admit(observer, to: self, replay: { [.next(element)] }, ending: { nil }) }
            .complete(for: observer) { subscription in
                lock.locked { observers.nextPrimingBatch(for: subscription) }
            }
    }

    /// Returns the subject itself, the observer that feeds it.
    public func asObserver() -> BehaviorSubject<Element> {
        self
    }

    /// Unsubscribes every observer without sending them anything; afterwards new observers
    /// and ``value()`` get ``RxError/disposed(object:)``.
    public func dispose() {
        let removed = lock.locked { observers.dispose() }
        // Released here, outside the lock: an observer's deinit may run user code.
        _ = removed
    }

    func unsubscribe(_ subscription: SubjectSubscription) {
        let removed = lock.locked { observers.remove(subscription) }
        _ = removed
    }
}

// @unchecked: the per-event path keeps its state under `lock` in stored properties (no box).
extension BehaviorSubject: @unchecked Sendable where Element: Sendable {}
