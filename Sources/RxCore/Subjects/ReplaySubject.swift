/// A subject that keeps the last elements it was sent and replays them to each new observer
/// before the elements sent after it subscribed.
///
/// Create one with ``create(bufferSize:)`` (keeps the last `bufferSize` elements) or
/// ``createUnbounded()`` (keeps them all). Once the subject has received `.completed` or
/// `.error`, a new observer receives the buffer followed by that stop event; after
/// ``dispose()`` the buffer is released and new observers receive
/// ``RxError/disposed(object:)``.
///
/// ```swift
/// let subject = ReplaySubject<String>.create(bufferSize: 2)
/// subject.onNext("1")
/// subject.onNext("2")
/// subject.onNext("3")
/// let subscription = subject.subscribe(onNext: { print($0) })
/// // 2
/// // 3
/// subscription.dispose()
/// ```
///
/// All methods are thread-safe; observers are called outside the subject's lock, and a new
/// observer receives the whole buffer before any element sent after it subscribed. Send
/// events from one thread at a time (debug builds report overlapping `on` calls through
/// ``Hooks/synchronizationAnomalyHandler``). The buffer holds every element it keeps in
/// memory: mind large elements and large buffer sizes.
///
/// Sendable only when `Element` is: the subject hands its elements to other threads.
public class ReplaySubject<Element>:
    Observable<Element>, SubjectType, ObserverType, Cancelable, SubjectSubscriptionOwner
{
    private let lock = SubjectLock()
    // `@exclusivity(unchecked)`: the lock already serializes every access to this state, and
    // the run-time exclusivity check would cost the per-element path about 8 ns.
    @exclusivity(unchecked) private var observers = SubjectObservers<Element>()

    override init() {
        super.init()
    }

    /// Creates a subject that replays the last `bufferSize` elements to new observers.
    ///
    /// - Parameter bufferSize: How many elements to keep; `0` (or less) keeps none, so the
    ///   subject replays only its stop event.
    /// - Returns: The subject.
    public static func create(bufferSize: Int) -> ReplaySubject<Element> {
        if bufferSize == 1 {
            return ReplayOne()
        }
        return ReplayMany(bufferSize: max(0, bufferSize))
    }

    /// Creates a subject that replays every element it was ever sent to new observers.
    ///
    /// - Returns: The subject.
    public static func createUnbounded() -> ReplaySubject<Element> {
        ReplayAll()
    }

    /// Whether any observer is subscribed.
    public var hasObservers: Bool {
        lock.locked { observers.hasObservers }
    }

    /// Whether ``dispose()`` has been called.
    public var isDisposed: Bool {
        lock.locked { observers.isDisposed }
    }

    /// Sends `event` to the subscribed observers; an element is also added to the buffer.
    ///
    /// A stop event also unsubscribes the observers and is replayed, after the buffer, to
    /// later observers. Events after a stop event or after ``dispose()`` are ignored.
    ///
    /// - Parameter event: The event to send.
    public final func on(_ event: Event<Element>) {
        if case .next(let element) = event {
            _onNext(element)
            return
        }
        lock.send(stop: event, to: type(of: self)) { observers.receiveStop(event) }
    }

    /// Sends `.next(element)` without building the event (the per-element path behind
    /// ``on(_:)`` and `onNext(_:)`).
    public final func _onNext(_ element: Element) {
        lock.send(next: element, to: type(of: self)) {
            observers.receiveNext(element) { appendToBuffer($0) }
        }
    }

    /// Subscribes `observer`: it receives the buffered elements at once (and the stop event
    /// if the subject has terminated), then the events sent from now on.
    ///
    /// - Parameter observer: The observer.
    /// - Returns: A disposable that unsubscribes the observer.
    public final override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        lock.locked { observers.admit(observer, to: self, replay: bufferedEvents, ending: bufferedEvents) }
            .complete(for: observer) { subscription in
                lock.locked { observers.nextPrimingBatch(for: subscription) }
            }
    }

    /// Returns the subject itself, the observer that feeds it.
    public final func asObserver() -> ReplaySubject<Element> {
        self
    }

    /// Unsubscribes every observer without sending them anything, releases the buffer and
    /// rejects new observers with ``RxError/disposed(object:)``.
    public final func dispose() {
        let removed = lock.locked {
            removeBuffer()
            return observers.dispose()
        }
        // Released here, outside the lock: an observer's deinit may run user code.
        _ = removed
    }

    final func unsubscribe(_ subscription: SubjectSubscription) {
        let removed = lock.locked { observers.remove(subscription) }
        _ = removed
    }

    // MARK: - The buffer, implemented by the subclasses and called under `lock`

    /// Adds `element` to the buffer, dropping the oldest one when it is full.
    func appendToBuffer(_ element: Element) {
        rxAbstractMethod()
    }

    /// The buffered elements, oldest first, as `.next` events.
    func bufferedEvents() -> [Event<Element>] {
        rxAbstractMethod()
    }

    /// Empties the buffer.
    func removeBuffer() {
        rxAbstractMethod()
    }
}

/// A replay subject that keeps only the last element.
///
/// Its storage is guarded by the base class's lock.
private final class ReplayOne<Element>: ReplaySubject<Element> {
    @exclusivity(unchecked) private var last: Element?

    override func appendToBuffer(_ element: Element) {
        last = element
    }

    override func bufferedEvents() -> [Event<Element>] {
        guard let last else { return [] }
        return [.next(last)]
    }

    override func removeBuffer() {
        last = nil
    }
}

/// A replay subject that keeps the last `bufferSize` elements in a ring.
///
/// Once full, a new element overwrites the oldest in place, so sending allocates nothing.
///
/// Its storage is guarded by the base class's lock.
private final class ReplayMany<Element>: ReplaySubject<Element> {
    private let bufferSize: Int
    @exclusivity(unchecked) private var storage: [Element] = []
    /// The index of the oldest element once `storage` is full.
    @exclusivity(unchecked) private var oldest = 0

    init(bufferSize: Int) {
        self.bufferSize = bufferSize
        super.init()
    }

    override func appendToBuffer(_ element: Element) {
        if storage.count < bufferSize {
            storage.append(element)
            return
        }
        guard bufferSize > 0 else { return }
        storage[oldest] = element
        oldest += 1
        if oldest == bufferSize {
            oldest = 0
        }
    }

    override func bufferedEvents() -> [Event<Element>] {
        var events: [Event<Element>] = []
        events.reserveCapacity(storage.count + 1)
        for element in storage[oldest...] {
            events.append(.next(element))
        }
        for element in storage[..<oldest] {
            events.append(.next(element))
        }
        return events
    }

    override func removeBuffer() {
        storage = []
        oldest = 0
    }
}

/// A replay subject that keeps every element.
///
/// Its storage is guarded by the base class's lock.
private final class ReplayAll<Element>: ReplaySubject<Element> {
    @exclusivity(unchecked) private var storage: [Element] = []

    override func appendToBuffer(_ element: Element) {
        storage.append(element)
    }

    override func bufferedEvents() -> [Event<Element>] {
        var events: [Event<Element>] = []
        events.reserveCapacity(storage.count + 1)
        for element in storage {
            events.append(.next(element))
        }
        return events
    }

    override func removeBuffer() {
        storage = []
    }
}

// @unchecked: observers, stop event and the subclasses' buffers are guarded by `lock`.
extension ReplaySubject: @unchecked Sendable where Element: Sendable {}

// @unchecked: each buffer is guarded by the base class's lock.
extension ReplayOne: @unchecked Sendable where Element: Sendable {}
// @unchecked: each buffer is guarded by the base class's lock.
extension ReplayMany: @unchecked Sendable where Element: Sendable {}
// @unchecked: each buffer is guarded by the base class's lock.
extension ReplayAll: @unchecked Sendable where Element: Sendable {}
