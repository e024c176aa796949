import Dispatch
import Foundation
import Testing

@testable import RxCore

extension SchedulerTests {
    /// The shared dispatch logic: resource counting of pending work and the edge cases of
    /// due times and periods.
    @Suite(.offPool) struct DispatchQueueConfigurationTests {
        private let queue = DispatchQueue(label: "test.configuration")
        private var configuration: DispatchQueueConfiguration {
            DispatchQueueConfiguration(queue: queue, leeway: .nanoseconds(0))
        }

        @Test("pending work is counted until it runs or is cancelled", .enabled(if: Resources.isEnabled, "needs the TraceResources trait"))
        func pendingWorkIsCountedUntilItRunsOrIsCancelled() async {
            let before = Resources.total
            let ran = Countdown(2)
            queue.suspend()
            let first = configuration.schedule(()) { _ in
                ran.signal()
                return Disposables.create()
            }
            let second = configuration.schedule(()) { _ in
                ran.signal()
                return Disposables.create()
            }
            let third = configuration.schedule(()) { _ in
                Issue.record("a cancelled action ran")
                return Disposables.create()
            }
            let timed = configuration.scheduleRelative((), dueTime: .seconds(3600)) { _ in
                Issue.record("an hour-long timer fired")
                return Disposables.create()
            }
            let periodic = configuration.schedulePeriodic(0, startAfter: .seconds(3600), period: .seconds(1)) { $0 + 1 }
            #expect(Resources.total == before + 5)
            third.dispose()
            timed.dispose()
            periodic.dispose()
            #expect(Resources.total == before + 2)
            queue.resume()
            #expect(await ran.wait())
            await drain(queue)
            #expect(Resources.total == before)
            // Disposing after the run changes nothing more.
            first.dispose()
            second.dispose()
            #expect(Resources.total == before)
        }

        @Test("never due work stays pending until disposed or released")
        func neverDueWorkStaysPendingUntilDisposedOrReleased() async {
            let baseline = ResourceBaseline()
            let counted: Int32 = Resources.isEnabled ? 1 : 0
            let pending = configuration.scheduleRelative((), dueTime: .never) { _ in
                Issue.record("a never-due action ran")
                return Disposables.create()
            }
            #expect(Resources.total == baseline.total + counted)
            pending.dispose()
            #expect(Resources.total == baseline.total)
            do {
                // Released without disposal: nothing can run it any more.
                _ = configuration.scheduleRelative((), dueTime: .never) { _ in
                    Issue.record("a never-due action ran")
                    return Disposables.create()
                }
                _ = configuration.schedulePeriodic(0, startAfter: .never, period: .seconds(1)) { state in
                    Issue.record("a never-started periodic action ran")
                    return state
                }
            }
            baseline.expectBalanced()
        }

        @Test("past and zero due times run as soon as possible")
        func pastAndZeroDueTimesRunAsSoonAsPossible() async {
            let baseline = ResourceBaseline()
            let ran = Countdown(3)
            let values = Recorder<Int>()
            for (index, due) in [RxTimeInterval.seconds(-5), .nanoseconds(0), .milliseconds(-1)].enumerated() {
                _ = configuration.scheduleRelative(index, dueTime: due) { index in
                    values.append(index)
                    ran.signal()
                    return Disposables.create()
                }
            }
            #expect(await ran.wait())
            await drain(queue)
            #expect(values.values.sorted() == [0, 1, 2])
            baseline.expectBalanced()
        }

        @Test("huge due time does not overflow")
        func hugeDueTimeDoesNotOverflow() async {
            let baseline = ResourceBaseline()
            let disposable = configuration.scheduleRelative((), dueTime: .seconds(.max)) { _ in
                Issue.record("a due time of Int.max seconds fired")
                return Disposables.create()
            }
            disposable.dispose()
            await drain(queue)
            baseline.expectBalanced()
        }

        @Test("never period runs once")
        func neverPeriodRunsOnce() async {
            let baseline = ResourceBaseline()
            let states = Recorder<Int>()
            let first = Countdown()
            let disposable = configuration.schedulePeriodic(10, startAfter: .milliseconds(1), period: .never) { state in
                states.append(state)
                first.signal()
                return state + 1
            }
            #expect(await first.wait())
            let later = Countdown()
            _ = configuration.scheduleRelative((), dueTime: .milliseconds(30)) { _ in
                later.signal()
                return Disposables.create()
            }
            #expect(await later.wait())
            await drain(queue)
            #expect(states.values == [10])
            disposable.dispose()
            baseline.expectBalanced()
        }

        @Test("disposing twice is harmless")
        func disposingTwiceIsHarmless() async {
            let baseline = ResourceBaseline()
            queue.suspend()
            let work = configuration.schedule(()) { _ in
                Issue.record("a cancelled action ran")
                return Disposables.create()
            }
            let timer = configuration.scheduleRelative((), dueTime: .milliseconds(1)) { _ in
                Issue.record("a cancelled timer ran")
                return Disposables.create()
            }
            let periodic = configuration.schedulePeriodic((), startAfter: .milliseconds(1), period: .milliseconds(1)) { _ in
                Issue.record("a cancelled periodic timer ran")
            }
            for disposable in [work, timer, periodic, work, timer, periodic] {
                disposable.dispose()
            }
            #expect((work as? Cancelable)?.isDisposed == true)
            #expect((timer as? Cancelable)?.isDisposed == true)
            #expect((periodic as? Cancelable)?.isDisposed == true)
            queue.resume()
            await drain(queue)
            baseline.expectBalanced()
        }
    }
}
