import Dispatch
import Foundation
import RxCore
import TestSupport

/// A hot source driven by hand from any thread, for the tests of the scheduling operators.
///
/// It is an `Observable` itself, so operators subscribe to it directly (no `asObservable()`
/// wrapper that would end the subscription at a stop event on its own). It keeps the observers subscribed now and records, for each subscription and each
/// disposal, the marker of the queue it happened on (see `queueMarker`), so a test can check
/// where `subscribe(on:)` did its work. Its state sits behind a `Locked` (an `NSLock`) so the
/// thread sanitizer sees the synchronization.
final class ManualSource<Element>: Observable<Element>, @unchecked Sendable {
    private struct State {
        var observers: [Int: (Event<Element>) -> Void] = [:]
        var nextKey = 0
        var subscribedOn: [String?] = []
        var disposedOn: [String?] = []
    }

    private let state = Locked(State())

    /// The queue markers of the subscriptions, in order (`nil` off any marked queue).
    var subscribedOn: [String?] {
        state.withLock { $0.subscribedOn }
    }

    /// The queue markers of the disposals, in order.
    var disposedOn: [String?] {
        state.withLock { $0.disposedOn }
    }

    /// How many observers are subscribed now.
    var observerCount: Int {
        state.withLock { $0.observers.count }
    }

    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        let marker = currentQueueMarker()
        let key: Int = state.withLock {
            let key = $0.nextKey
            $0.nextKey += 1
            $0.observers[key] = observer.on
            $0.subscribedOn.append(marker)
            return key
        }
        return Disposables.create {
            let marker = currentQueueMarker()
            self.state.withLock {
                $0.observers[key] = nil
                $0.disposedOn.append(marker)
            }
        }
    }

    /// Sends `event` to the observers subscribed now, outside the lock.
    func on(_ event: Event<Element>) {
        let observers = state.withLock { $0.observers.sorted { $0.key < $1.key }.map(\.value) }
        for observer in observers {
            observer(event)
        }
    }

    func onNext(_ element: Element) {
        on(.next(element))
    }
}

/// A `SerialDispatchQueueScheduler` together with its queue, marked with `name`, so a test
/// can check where work ran and wait for the queue to drain.
struct MarkedSerialScheduler {
    let scheduler: SerialDispatchQueueScheduler
    let queue: DispatchQueue
    let name: String

    init(_ name: String) {
        let captured = Locked<DispatchQueue?>(nil)
        scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: name) { queue in
            queue.setSpecific(key: queueMarker, value: name)
            captured.withLock { $0 = queue }
        }
        guard let queue = captured.withLock({ $0 }) else {
            preconditionFailure("SerialDispatchQueueScheduler did not pass its queue to the configuration")
        }
        self.queue = queue
        self.name = name
    }

    /// Waits until everything submitted to the queue so far has run.
    func drain() async {
        await RxCoreTests.drain(queue)
    }

    /// Runs `body` on the queue and waits for it.
    func run(_ body: @escaping @Sendable () -> Void) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            queue.async {
                body()
                continuation.resume()
            }
        }
    }
}

/// An observer that records each event with the queue marker it arrived on, thread-safely.
final class MarkedEventLog<Element: Sendable>: ObserverType, Sendable {
    private let storage = Locked<[(event: Event<Element>, queue: String?)]>([])
    private let onEvent: (@Sendable (Event<Element>) -> Void)?

    init(onEvent: (@Sendable (Event<Element>) -> Void)? = nil) {
        self.onEvent = onEvent
    }

    var events: [Event<Element>] {
        storage.withLock { $0.map(\.event) }
    }

    var queues: [String?] {
        storage.withLock { $0.map(\.queue) }
    }

    func on(_ event: Event<Element>) {
        storage.withLock { $0.append((event, currentQueueMarker())) }
        onEvent?(event)
    }
}
