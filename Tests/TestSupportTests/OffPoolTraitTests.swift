import Dispatch
import Foundation
import TestSupport
import Testing

/// `.offPool` moves a test, and the tasks it starts, to threads that may block.
@Suite("the off-pool trait")
struct OffPoolTraitTests {
    @Test("without the trait a test runs on the cooperative pool")
    func withoutTheTraitOnThePool() async {
        #expect(OffPoolTrait.isRunningOffPool == false)
    }

    @Test("with the trait, the body and its child tasks run off the pool and may all block at once", .offPool)
    func childTasksMayBlockAtOnce() async {
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return }
        #expect(OffPoolTrait.isRunningOffPool)
        #expect(Test.current?.name == "childTasksMayBlockAtOnce()")
        await Task.yield()
        #expect(OffPoolTrait.isRunningOffPool)
        // More children block than the pool has threads; on the pool, the child that releases them
        // (added last) could not run until their waits timed out.
        let blockers = ProcessInfo.processInfo.activeProcessorCount + 2
        let gate = DispatchSemaphore(value: 0)
        let released = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<blockers {
                group.addTask { gate.wait(timeout: .now() + 60) == .success && OffPoolTrait.isRunningOffPool }
            }
            group.addTask {
                for _ in 0..<blockers { gate.signal() }
                return OffPoolTrait.isRunningOffPool
            }
            var released = 0
            for await passed in group where passed { released += 1 }
            return released
        }
        #expect(released == blockers + 1)
    }

    @Test("a synchronous test with the trait blocks a thread of its own", .offPool)
    func synchronousTestBlocksItsOwnThread() {
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return }
        #expect(OffPoolTrait.isRunningOffPool)
        // The task that signals runs on the pool, which this blocking wait does not hold.
        let done = DispatchSemaphore(value: 0)
        Task.detached { done.signal() }
        #expect(done.wait(timeout: .now() + 60) == .success)
    }
}
