import Dispatch
import Foundation
import Testing

@testable import RxCore

extension SchedulerTests {
    /// The checks of `SchedulerContractChecks.swift` that every queue-backed scheduler passes,
    /// run once for each: the schedulers differ only in the queue they submit to. Serialized:
    /// the checks block their thread while they wait, and parameterized cases running side by
    /// side could hold every thread of the cooperative pool (two on a two-core machine) and
    /// starve the async tests that need one.
    @Suite("the contract every queue scheduler keeps", .serialized, .offPool)
    struct QueueSchedulerContractTests {
        /// A queue-backed scheduler under test.
        enum Kind: String, CaseIterable, Sendable, CustomTestStringConvertible {
            case serialDispatchQueue
            case concurrentDispatchQueue
            case operationQueue

            var testDescription: String { rawValue }

            /// The kinds that also schedule on time (`SchedulerType`).
            static let timed: [Kind] = [.serialDispatchQueue, .concurrentDispatchQueue]
        }

        /// A fresh scheduler and what the checks need to hold, release and wait for its queue.
        struct Rig {
            let scheduler: any ImmediateSchedulerType
            /// The same scheduler when it schedules on time, else `nil`.
            let timed: (any SchedulerType)?
            /// The marker its actions see on their queue.
            let marker: String?
            let suspend: () -> Void
            let resume: () -> Void
            let drain: () async -> Void

            init(_ kind: Kind) {
                switch kind {
                case .serialDispatchQueue:
                    let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "test.serial") { queue in
                        queue.setSpecific(key: queueMarker, value: "serial")
                    }
                    let queue = scheduler.configuration.queue
                    self.init(scheduler: scheduler, timed: scheduler, marker: "serial", queue: queue)
                case .concurrentDispatchQueue:
                    let queue = DispatchQueue(label: "test.concurrent", attributes: .concurrent)
                    queue.setSpecific(key: queueMarker, value: "concurrent")
                    let scheduler = ConcurrentDispatchQueueScheduler(queue: queue)
                    self.init(scheduler: scheduler, timed: scheduler, marker: "concurrent", queue: queue)
                case .operationQueue:
                    let queue = OperationQueue()
                    self.init(
                        scheduler: OperationQueueScheduler(operationQueue: queue),
                        timed: nil,
                        marker: nil,
                        suspend: { queue.isSuspended = true },
                        resume: { queue.isSuspended = false },
                        drain: {
                            let done = Countdown()
                            DispatchQueue.global().async {
                                queue.waitUntilAllOperationsAreFinished()
                                done.signal()
                            }
                            _ = await done.wait()
                        }
                    )
                }
            }

            private init(scheduler: any SchedulerType, timed: any SchedulerType, marker: String, queue: DispatchQueue) {
                self.init(
                    scheduler: scheduler,
                    timed: timed,
                    marker: marker,
                    suspend: { queue.suspend() },
                    resume: { queue.resume() },
                    drain: { await RxCoreTests.drain(queue) }
                )
            }

            private init(
                scheduler: any ImmediateSchedulerType,
                timed: (any SchedulerType)?,
                marker: String?,
                suspend: @escaping () -> Void,
                resume: @escaping () -> Void,
                drain: @escaping () async -> Void
            ) {
                self.scheduler = scheduler
                self.timed = timed
                self.marker = marker
                self.suspend = suspend
                self.resume = resume
                self.drain = drain
            }
        }

        @Test("disposing before the queue runs the action prevents the run", arguments: Kind.allCases)
        func disposeBeforeRunPreventsTheRun(_ kind: Kind) async {
            let baseline = ResourceBaseline()
            do {
                let rig = Rig(kind)
                await expectDisposeBeforeRunPreventsRun(on: rig.scheduler, suspend: rig.suspend, resume: rig.resume, drain: rig.drain)
            }
            baseline.expectBalanced()
        }

        @Test("disposing after or during the run disposes what the action returned", arguments: Kind.allCases)
        func disposeAfterOrDuringTheRunDisposesWhatTheActionReturned(_ kind: Kind) async {
            let baseline = ResourceBaseline()
            do {
                let rig = Rig(kind)
                await expectDisposeAfterRunDisposesResult(on: rig.scheduler, drain: rig.drain)
            }
            baseline.expectBalanced()
        }

        @Test("relative scheduling runs the action on the queue after the due time", arguments: Kind.timed)
        func relativeRunsOnTheQueueAfterTheDueTime(_ kind: Kind) async throws {
            let baseline = ResourceBaseline()
            do {
                let rig = Rig(kind)
                let scheduler = try #require(rig.timed)
                await expectRelativeRunsAfterDueTime(on: scheduler, marker: rig.marker, drain: rig.drain)
            }
            baseline.expectBalanced()
        }

        @Test("relative scheduling disposed before the due time never runs", arguments: Kind.timed)
        func relativeDisposedBeforeDueNeverRuns(_ kind: Kind) async throws {
            let baseline = ResourceBaseline()
            do {
                let rig = Rig(kind)
                let scheduler = try #require(rig.timed)
                await expectRelativeDisposedBeforeDueNeverRuns(on: scheduler, drain: rig.drain)
            }
            baseline.expectBalanced()
        }

        @Test("periodic scheduling ticks with its state, one tick at a time, and stops when disposed", arguments: Kind.timed)
        func periodicTicksWithStateAndStopsWhenDisposed(_ kind: Kind) async throws {
            let baseline = ResourceBaseline()
            do {
                let rig = Rig(kind)
                let scheduler = try #require(rig.timed)
                await expectPeriodicTicksThenStops(on: scheduler, marker: rig.marker, drain: rig.drain)
            }
            baseline.expectBalanced()
        }

        @Test("periodic scheduling disposed during a tick drops its state and ticks no more", arguments: Kind.timed)
        func periodicDisposedDuringATickDropsItsStateAndTicksNoMore(_ kind: Kind) async throws {
            let baseline = ResourceBaseline()
            do {
                let rig = Rig(kind)
                let scheduler = try #require(rig.timed)
                await expectPeriodicDisposedDuringTick(on: scheduler, drain: rig.drain)
            }
            baseline.expectBalanced()
        }

        @Test("now is the wall clock", arguments: Kind.timed)
        func nowIsTheWallClock(_ kind: Kind) throws {
            let scheduler = try #require(Rig(kind).timed)
            let before = Date()
            let now = scheduler.now
            let after = Date()
            #expect(before <= now && now <= after)
        }
    }
}
