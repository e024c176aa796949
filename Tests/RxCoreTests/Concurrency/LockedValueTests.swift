import Dispatch
import RxCore
import Testing

/// An object whose deinitialization the test can observe.
private final class Tracked: Sendable {
    let onDeinit: @Sendable () -> Void

    init(onDeinit: @escaping @Sendable () -> Void) {
        self.onDeinit = onDeinit
    }

    deinit {
        onDeinit()
    }
}

/// Compiles only when `T` is `Sendable`.
private func requireSendable<T: Sendable>(_ value: T) {}

@Suite("LockedValue: the project's lock around one value", .offPool)
struct LockedValueTests {
    @Test("concurrent updates from many threads are all kept")
    func concurrentUpdates() {
        let counter = LockedValue(0)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<10_000 {
                counter.withLock { $0 += 1 }
            }
        }
        #expect(counter.withLock { $0 } == 80_000)
    }

    @Test("copies share one state, and withLock returns the body's result")
    func copiesShareState() {
        let first = LockedValue([1])
        let second = first
        let count = second.withLock { values -> Int in
            values.append(2)
            return values.count
        }
        #expect(count == 2)
        #expect(first.withLock { $0 } == [1, 2])
        requireSendable(first)
    }

    @Test("the state is released with the last copy of the box")
    func releasesState() {
        let released = LockedValue(false)
        do {
            let box = LockedValue<Tracked?>(Tracked { released.withLock { $0 = true } })
            #expect(box.withLock { $0 != nil })
            #expect(!released.withLock { $0 })
        }
        #expect(released.withLock { $0 })
    }
}
