import Dispatch
import Testing

@testable import RxCore

/// Compiles only when `T` is `Sendable` (checked, as `RecursiveLock` has no `@unchecked`).
private func requireSendable<T: Sendable>(_ value: T) {}

@Suite("RecursiveLock: the lock an operator's delivering thread may take again", .offPool)
struct RecursiveLockTests {
    @Test("the holding thread takes it again and releases it as often")
    func takenAgainOnTheSameThread() {
        let lock = RecursiveLock()
        let depth = lock.performLocked {
            lock.performLocked {
                lock.performLocked { 3 }
            }
        }
        #expect(depth == 3)
        // Released as often as taken: another thread can take it now.
        let taken = LockedValue(false)
        DispatchQueue.concurrentPerform(iterations: 1) { _ in
            lock.performLocked { taken.withLock { $0 = true } }
        }
        #expect(taken.withLock { $0 })
        requireSendable(lock)
    }

    @Test("it excludes other threads: concurrent increments are all kept")
    func excludesOtherThreads() {
        let lock = RecursiveLock()
        // Memory only the lock guards: lost updates would show in the total.
        let count = Unchecked(UnsafeMutablePointer<Int>.allocate(capacity: 1))
        count.value.initialize(to: 0)
        defer { count.value.deallocate() }
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<10_000 {
                lock.lock()
                count.value.pointee += 1
                lock.unlock()
            }
        }
        #expect(lock.performLocked { count.value.pointee } == 80_000)
    }
}
