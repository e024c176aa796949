import Foundation
import Testing

@testable import RxCore

extension SchedulerTests {
    @Suite(.offPool) struct OperationQueueSchedulerTests {
        /// A scheduler over a new operation queue, and that queue.
        private func makeScheduler(
            maxConcurrent: Int = OperationQueue.defaultMaxConcurrentOperationCount,
            priority: Operation.QueuePriority = .normal
        ) -> (OperationQueueScheduler, OperationQueue) {
            let queue = OperationQueue()
            queue.maxConcurrentOperationCount = maxConcurrent
            return (OperationQueueScheduler(operationQueue: queue, queuePriority: priority), queue)
        }

        /// Waits until every operation added so far has finished.
        private func drain(_ queue: OperationQueue) async {
            let done = Countdown()
            DispatchQueue.global().async {
                queue.waitUntilAllOperationsAreFinished()
                done.signal()
            }
            _ = await done.wait()
        }

        @Test("runs the action as an operation on the queue")
        func runsTheActionAsAnOperationOnTheQueue() async {
            let baseline = ResourceBaseline()
            do {
                let (scheduler, queue) = makeScheduler()
                #expect(scheduler.operationQueue === queue)
                #expect(scheduler.queuePriority == .normal)
                let ran = Countdown()
                let runs = Recorder<(value: Int, onQueue: Bool)>()
                _ = scheduler.schedule(3) { value in
                    runs.append((value, OperationQueue.current === queue))
                    ran.signal()
                    return Disposables.create()
                }
                #expect(await ran.wait())
                await drain(queue)
                #expect(runs.values.map(\.value) == [3])
                #expect(runs.values.map(\.onQueue) == [true])
            }
            baseline.expectBalanced()
        }

        @Test("operations carry the scheduler's priority")
        func operationsCarryTheSchedulersPriority() async {
            let baseline = ResourceBaseline()
            do {
                let queue = OperationQueue()
                queue.maxConcurrentOperationCount = 1
                let low = OperationQueueScheduler(operationQueue: queue, queuePriority: .veryLow)
                let high = OperationQueueScheduler(operationQueue: queue, queuePriority: .veryHigh)
                let order = Recorder<String>()
                let done = Countdown(2)
                queue.isSuspended = true
                _ = low.schedule("low") { name in
                    order.append(name)
                    done.signal()
                    return Disposables.create()
                }
                _ = high.schedule("high") { name in
                    order.append(name)
                    done.signal()
                    return Disposables.create()
                }
                queue.isSuspended = false
                #expect(await done.wait())
                await drain(queue)
                #expect(order.values == ["high", "low"])
            }
            baseline.expectBalanced()
        }

        @Test("serial queue runs a thousand actions in order")
        func serialQueueRunsAThousandActionsInOrder() async {
            let baseline = ResourceBaseline()
            do {
                let (scheduler, queue) = makeScheduler(maxConcurrent: 1)
                let order = Recorder<Int>()
                let done = Countdown(1000)
                for index in 0..<1000 {
                    _ = scheduler.schedule(index) { index in
                        order.append(index)
                        done.signal()
                        return Disposables.create()
                    }
                }
                #expect(await done.wait())
                await drain(queue)
                #expect(order.values == Array(0..<1000))
            }
            baseline.expectBalanced()
        }
    }
}
