/// A subject that sends only its last element, and only when it completes.
///
/// Elements sent to the subject are not forwarded; the subject remembers the last one. On
/// `.completed` every observer receives that last element (if there was one) and then
/// `.completed`. On `.error` observers receive only the error, even if elements were sent.
/// New observers of a terminated subject receive the same ending at once; after
/// ``dispose()`` they receive ``RxError/disposed(object:)``.
///
/// ```swift
/// let subject = AsyncSubject<Int>()
/// let subscription = subject.subscribe { print($0) }
/// subject.onNext(1)
/// subject.onNext(2)
/// subject.onCompleted()
/// // next(2)
/// // completed
/// subscription.dispose()
/// ```
///
/// All methods are thread-safe; observers are called outside the subject's lock. Send
/// events from one thread at a time (debug builds report overlapping `on` calls through
/// ``Hooks/synchronizationAnomalyHandler``).
///
/// Sendable only when `Element` is: the subject hands its elements to other threads.
public final class AsyncSubject<Element>:
    Observable<Element>, SubjectType, ObserverType, Cancelable, SubjectSubscriptionOwner
{
    private let lock = SubjectLock()
    private var observers = SubjectObservers<Element>()
    private var lastElement: Element?

    /// Creates a subject with no observers and no element.
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

    /// Receives `event`: an element is remembered, `.completed` sends the last element and
    /// `.completed` to the observers, `.error` sends the error.
    ///
    /// A stop event also unsubscribes the observers and is kept for later observers. Events
    /// after a stop event or after ``dispose()`` are ignored.
    ///
    /// - Parameter event: The event.
    public func on(_ event: Event<Element>) {
        lock.sending(to: type(of: self)) { send(event) }
    }

    /// Decides under the lock what `event` does and delivers it after.
    @inline(__always)
    private func send(_ event: Event<Element>) {
        let (targets, last): ([AnyObject], Element?) = lock.locked {
            if !observers.acceptsEvents {
                return ([], nil)
            }
            switch event {
            case .next(let element):
                lastElement = element
                return ([], nil)
            case .error:
                lastElement = nil
                return (observers.receiveStop(event), nil)
            case .completed:
                return (observers.receiveStop(event), lastElement)
            }
        }
        // Every observer gets the element before any of them gets the completion.
        if let last {
            SubjectObservers.deliverNext(last, to: targets)
        }
        SubjectObservers.deliver(event, to: targets)
    }

    /// Subscribes `observer` to the subject's ending: its last element and `.completed`, or
    /// its error. A terminated subject sends them at once.
    ///
    /// - Parameter observer: The observer.
    /// - Returns: A disposable that unsubscribes the observer.
    public override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        lock.locked { observers.admit(observer, to: self, replay: { nil }, ending: { lastElement.map { [.next($0)] } }) }
            .complete(for: observer) { _ in nil }
    }

    /// Returns the subject itself, the observer that feeds it.
    public func asObserver() -> AsyncSubject<Element> {
        self
    }

    /// Unsubscribes every observer without sending them anything, forgets the last element
    /// and rejects new observers with ``RxError/disposed(object:)``.
    public func dispose() {
        let removed = lock.locked {
            lastElement = nil
            return observers.dispose()
        }
        // Released here, outside the lock: an observer's deinit may run user code.
        _ = removed
    }

    func unsubscribe(_ subscription: SubjectSubscription) {
        let removed = lock.locked { observers.remove(subscription) }
        _ = removed
    }
}

// @unchecked: observers, the stop event and `lastElement` are guarded by `lock`.
extension AsyncSubject: @unchecked Sendable where Element: Sendable {}
