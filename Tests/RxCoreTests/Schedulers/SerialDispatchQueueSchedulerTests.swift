import Dispatch
import Foundation
import Testing

@testable import RxCore

extension SchedulerTests {
    @Suite(.offPool) struct SerialDispatchQueueSchedulerTests {
        /// A scheduler over a new queue marked "serial", and that queue.
        private func makeScheduler(name: String = "test.serial") -> (SerialDispatchQueueScheduler, DispatchQueue) {
            let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: name) { queue in
                queue.setSpecific(key: queueMarker, value: "serial")
            }
            return (scheduler, scheduler.configuration.queue)
        }

        @Test("named queue is created configured once and runs the action")
        func namedQueueIsCreatedConfiguredOnceAndRunsTheAction() async {
            let baseline = ResourceBaseline()
            do {
                let configured = Recorder<String>()
                let scheduler = SerialDispatchQueueScheduler(
                    internalSerialQueueName: "test.serial.named",
                    serialQueueConfiguration: { queue in
                        configured.append(queue.label)
                        queue.setSpecific(key: queueMarker, value: "named")
                    })
                let ran = Countdown()
                let runs = Recorder<(value: Int, marker: String?, isMainThread: Bool)>()
                _ = scheduler.schedule(7) { value in
                    runs.append((value, currentQueueMarker(), Thread.isMainThread))
                    ran.signal()
                    return Disposables.create()
                }
                #expect(await ran.wait())
                await drain(scheduler.configuration.queue)
                #expect(configured.values == ["test.serial.named"])
                #expect(scheduler.configuration.queue.label == "test.serial.named")
                #expect(runs.values.map(\.value) == [7])
                #expect(runs.values.map(\.marker) == ["named"])
                #expect(runs.values.map(\.isMainThread) == [false])
            }
            baseline.expectBalanced()
        }

        @Test("queue initializer runs on a new serial queue targeting the given queue")
        func queueInitializerRunsOnANewSerialQueueTargetingTheGivenQueue() async {
            let baseline = ResourceBaseline()
            do {
                let target = DispatchQueue(label: "test.target", attributes: .concurrent)
                target.setSpecific(key: queueMarker, value: "target")
                let scheduler = SerialDispatchQueueScheduler(queue: target, internalSerialQueueName: "test.serial.child")
                let ran = Countdown()
                let markers = Recorder<String?>()
                _ = scheduler.schedule(()) { _ in
                    markers.append(currentQueueMarker())
                    ran.signal()
                    return Disposables.create()
                }
                #expect(await ran.wait())
                await drain(scheduler.configuration.queue)
                #expect(markers.values == ["target"])
                #expect(scheduler.configuration.queue.label == "test.serial.child")
                #expect(scheduler.configuration.queue !== target)
            }
            baseline.expectBalanced()
        }

        @Test("QoS initializer uses the default name and runs off the calling thread")
        func qosInitializerUsesTheDefaultNameAndRunsOffTheCallingThread() async {
            let baseline = ResourceBaseline()
            do {
                let scheduler = SerialDispatchQueueScheduler(qos: .userInitiated)
                let named = SerialDispatchQueueScheduler(qos: .utility, internalSerialQueueName: "test.serial.qos")
                #expect(scheduler.configuration.queue.label == "rx.global_dispatch_queue.serial")
                #expect(named.configuration.queue.label == "test.serial.qos")
                scheduler.configuration.queue.setSpecific(key: queueMarker, value: "qos")
                let ran = Countdown()
                let runs = Recorder<(marker: String?, isMainThread: Bool)>()
                _ = scheduler.schedule(()) { _ in
                    runs.append((currentQueueMarker(), Thread.isMainThread))
                    ran.signal()
                    return Disposables.create()
                }
                #expect(await ran.wait())
                await drain(scheduler.configuration.queue)
                #expect(runs.values.map(\.marker) == ["qos"])
                #expect(runs.values.map(\.isMainThread) == [false])
            }
            baseline.expectBalanced()
        }

        @Test("thousand actions run in order one at a time even over a concurrent target")
        func thousandActionsRunInOrderOneAtATimeEvenOverAConcurrentTarget() async {
            let baseline = ResourceBaseline()
            do {
                let target = DispatchQueue(label: "test.target.order", attributes: .concurrent)
                let scheduler = SerialDispatchQueueScheduler(queue: target, internalSerialQueueName: "test.serial.order")
                let order = Recorder<Int>()
                let overlap = Gauge()
                let done = Countdown(1000)
                for index in 0..<1000 {
                    _ = scheduler.schedule(index) { index in
                        overlap.enter()
                        order.append(index)
                        overlap.leave()
                        done.signal()
                        return Disposables.create()
                    }
                }
                #expect(await done.wait())
                await drain(scheduler.configuration.queue)
                #expect(order.values == Array(0..<1000))
                #expect(overlap.peak == 1)
            }
            baseline.expectBalanced()
        }

        @Test("schedule from its own queue runs after the current action")
        func scheduleFromItsOwnQueueRunsAfterTheCurrentAction() async {
            let baseline = ResourceBaseline()
            do {
                let (scheduler, queue) = makeScheduler()
                let steps = Recorder<String>()
                let done = Countdown()
                _ = scheduler.schedule(()) { _ in
                    steps.append("outer start")
                    _ = scheduler.schedule(()) { _ in
                        steps.append("inner")
                        done.signal()
                        return Disposables.create()
                    }
                    steps.append("outer end")
                    return Disposables.create()
                }
                #expect(await done.wait())
                await drain(queue)
                #expect(steps.values == ["outer start", "outer end", "inner"])
            }
            baseline.expectBalanced()
        }
    }
}
