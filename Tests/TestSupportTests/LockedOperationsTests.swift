import Foundation
import TestSupport
import Testing

/// The atomic-style operations of `Locked` that replaced `Synchronization.Atomic` in the tests.
@Suite("Locked's load, store, exchange, add and subtract")
struct LockedOperationsTests {
    @Test("each operation returns what an atomic's would")
    func operations() {
        let flag = Locked(false)
        #expect(flag.exchange(true) == false)
        #expect(flag.exchange(true) == true)
        flag.store(false)
        #expect(flag.load() == false)
        let count = Locked(0)
        #expect(count.add(3) == 3)
        #expect(count.subtract(1) == 2)
        #expect(count.load() == 2)
    }

    @Test("increments from several threads at once are each counted")
    func concurrentIncrements() async {
        let count = Locked(0)
        let threads = 4
        let increments = 10_000
        let group = DispatchGroup()
        for _ in 0..<threads {
            group.enter()
            Thread {
                for _ in 0..<increments { count.add(1) }
                group.leave()
            }.start()
        }
        #expect(await group.waitOffPool())
        #expect(count.load() == threads * increments)
    }
}
