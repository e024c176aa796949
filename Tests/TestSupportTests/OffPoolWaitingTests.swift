import Foundation
import TestSupport
import Testing

/// Waiting off the cooperative pool leaves the pool to the tasks that the waits depend on.
@Suite("waiting off the cooperative pool")
struct OffPoolWaitingTests {
    @Test("more waiters than the pool has threads still let the task that signals them run")
    func moreWaitersThanPoolThreads() async {
        // The pool has a thread per core: waiters that blocked it would keep the signalling task
        // (added last) from ever running, and each would wait until its timeout.
        let waiters = ProcessInfo.processInfo.activeProcessorCount + 2
        let gate = DispatchSemaphore(value: 0)
        let released = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<waiters {
                group.addTask { await gate.waitOffPool(timeout: 30) }
            }
            group.addTask {
                for _ in 0..<waiters { gate.signal() }
                return true
            }
            var released = 0
            for await passed in group where passed { released += 1 }
            return released
        }
        #expect(released == waiters + 1)
    }

    @Test("a group's wait and a dedicated thread's result come back to the awaiting task")
    func groupAndDedicatedThread() async {
        let group = DispatchGroup()
        group.enter()
        Thread { group.leave() }.start()
        #expect(await group.waitOffPool())
        #expect(await onDedicatedThread { Thread.isMainThread } == false)
        #expect(await DispatchSemaphore(value: 0).waitOffPool(timeout: 0.01) == false)
    }
}
