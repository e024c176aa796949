import Dispatch
import Foundation
import TestSupport
import Testing

@testable import RxCore

extension SchedulerTests {
    @Suite(.offPool) struct ConcurrentDispatchQueueSchedulerTests {
        /// A scheduler over a new concurrent queue marked "concurrent", and that queue.
        private func makeScheduler() -> (ConcurrentDispatchQueueScheduler, DispatchQueue) {
            let queue = DispatchQueue(label: "test.concurrent", attributes: .concurrent)
            queue.setSpecific(key: queueMarker, value: "concurrent")
            return (ConcurrentDispatchQueueScheduler(queue: queue), queue)
        }

        @Test("queue initializer runs the action on that queue")
        func queueInitializerRunsTheActionOnThatQueue() async {
            let baseline = ResourceBaseline()
            do {
                let (scheduler, queue) = makeScheduler()
                #expect(scheduler.configuration.queue === queue)
                let ran = Countdown()
                let runs = Recorder<(value: String, marker: String?)>()
                _ = scheduler.schedule("state") { value in
                    runs.append((value, currentQueueMarker()))
                    ran.signal()
                    return Disposables.create()
                }
                #expect(await ran.wait())
                await drain(queue)
                #expect(runs.values.map(\.value) == ["state"])
                #expect(runs.values.map(\.marker) == ["concurrent"])
            }
            baseline.expectBalanced()
        }

        @Test("QoS initializer uses the global queue")
        func qosInitializerUsesTheGlobalQueue() async {
            let baseline = ResourceBaseline()
            let scheduler = ConcurrentDispatchQueueScheduler(qos: .userInitiated)
            // The global queues of different classes have different labels.
            #expect(scheduler.configuration.queue.label == DispatchQueue.global(qos: .userInitiated).label)
            #expect(scheduler.configuration.queue.label != DispatchQueue.global(qos: .utility).label)
            let ran = Countdown()
            let mainThread = Recorder<Bool>()
            _ = scheduler.schedule(()) { _ in
                mainThread.append(Thread.isMainThread)
                ran.signal()
                return Disposables.create()
            }
            #expect(await ran.wait())
            #expect(mainThread.values == [false])
            await baseline.expectBalancedOnceSettled()
        }

        @Test("actions run in parallel on several threads")
        func actionsRunInParallelOnSeveralThreads() async {
            let baseline = ResourceBaseline()
            do {
                let (scheduler, queue) = makeScheduler()
                // Each action waits until the other has started: they can only both finish
                // successfully if they run at the same time, which takes two threads.
                let started = [DispatchSemaphore(value: 0), DispatchSemaphore(value: 0)]
                let threads = Recorder<UInt>()
                let metTheOther = Recorder<Bool>()
                let done = Countdown(2)
                for index in 0..<2 {
                    _ = scheduler.schedule(index) { index in
                        threads.append(currentThreadID())
                        started[index].signal()
                        let other = started[1 - index].wait(timeout: .now() + hangGuardSeconds)
                        metTheOther.append(other == .success)
                        done.signal()
                        return Disposables.create()
                    }
                }
                #expect(await done.wait())
                await drain(queue)
                #expect(metTheOther.values == [true, true])
                #expect(Set(threads.values).count == 2)
            }
            baseline.expectBalanced()
        }
    }
}
