/// A subject that sends each element to the observers subscribed at that moment.
///
/// A new observer receives only what is sent after it subscribes. Once the subject has
/// received `.completed` or `.error`, it sends nothing more and answers every new observer
/// with that stop event at once; after ``dispose()`` it answers them with
/// ``RxError/disposed(object:)``.
///
/// ```swift
/// let subject = PublishSubject<String>()
/// subject.onNext("lost")                      // nobody is subscribed yet
/// let subscription = subject.subscribe(onNext: { print($0) })
/// subject.onNext("1")                         // 1
/// subject.onCompleted()
/// subscription.dispose()
/// ```
///
/// All methods are thread-safe; observers are called outside the subject's lock. Send
/// events from one thread at a time (debug builds report overlapping `on` calls through
/// ``Hooks/synchronizationAnomalyHandler``).
///
/// Sendable only when `Element` is: the subject hands its elements to other threads.
public final class PublishSubject<Element>:
    Observable<Element>, SubjectType, ObserverType, Cancelable, SubjectSubscriptionOwner
{
    private let lock = SubjectLock()
    // `@exclusivity(unchecked)`: the lock already serializes every access to this state, and
    // the run-time exclusivity check would cost the per-element path about 8 ns.
    @exclusivity(unchecked) private var observers = SubjectObservers<Element>()

    /// Creates a subject with no observers.
    public override init() {
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

    /// Sends `event` to the subscribed observers.
    ///
    /// A stop event also unsubscribes them and is kept for later observers. Events after a
    /// stop event or after ``dispose()`` are ignored.
    ///
    /// - Parameter event: The event to send.
    public func on(_ event: Event<Element>) {
        if case .next(let element) = event {
            _onNext(element)
            return
        }
        lock.send(stop: event, to: type(of: self)) { observers.receiveStop(event) }
    }

    /// Sends `.next(element)` to the subscribed observers without building the event (the
    /// per-element path behind ``on(_:)`` and `onNext(_:)`).
    public func _onNext(_ element: Element) {
        lock.send(next: element, to: type(of: self)) { observers.receiveNext(element) }
    }

    /// Subscribes `observer` to the elements sent from now on.
    ///
    /// - Parameter observer: The observer.
    /// - Returns: A disposable that unsubscribes the observer.
    public override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        lock.locked { observers.admit(observer, to: self, replay: { nil }, ending: { nil }) }
            .complete(for: observer) { _ in nil }
    }

    /// Returns the subject itself, the observer that feeds it.
    public func asObserver() -> PublishSubject<Element> {
        self
    }

    /// Unsubscribes every observer without sending them anything and rejects new observers
    /// with ``RxError/disposed(object:)``.
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
extension PublishSubject: @unchecked Sendable where Element: Sendable {}
