import Dispatch
import Foundation
import TestSupport
import Testing

@testable import RxCore

extension SchedulerTests {
    /// Many threads scheduling and disposing on one concurrent scheduler at the same time.
    @Suite(.offPool) struct ConcurrentSchedulingStressTests {
        private static let threads = 8
        private static let itemsPerThread = 1000

        /// Per-item run counts and counts of disposals of what the actions returned.
        private final class Tally: Sendable {
            private let counts: Locked<(runs: [Int], resultDisposals: [Int])>

            init(items: Int) {
                counts = Locked((Array(repeating: 0, count: items), Array(repeating: 0, count: items)))
            }

            func ran(_ item: Int) {
                counts.withLock { $0.runs[item] += 1 }
            }

            func resultDisposed(_ item: Int) {
                counts.withLock { $0.resultDisposals[item] += 1 }
            }

            var runs: [Int] { counts.withLock { $0.runs } }
            var resultDisposals: [Int] { counts.withLock { $0.resultDisposals } }
        }

        /// Collects the disposables the worker threads keep.
        private final class Kept: Sendable {
            private let storage = Locked<[Unchecked<Disposable>]>([])

            func append(_ disposable: Disposable) {
                storage.withLock { $0.append(Unchecked(disposable)) }
            }

            func takeAll() -> [Disposable] {
                storage.withLock { storage in
                    defer { storage = [] }
                    return storage.map(\.value)
                }
            }
        }

        /// Item `index` of a thread's batch is disposed at once when `index % 4` is 1 or 3;
        /// even indexes use `schedule`, odd ones `scheduleRelative`.
        private static func isDisposedAtOnce(_ item: Int) -> Bool {
            item % 4 == 1 || item % 4 == 3
        }

        /// Schedules every item from `threads` threads at once, disposing half at once.
        private static func scheduleAll(
            on scheduler: ConcurrentDispatchQueueScheduler,
            tally: Tally,
            keptRan: Countdown,
            kept: Kept
        ) async {
            await onManyThreads(threads) { thread in
                for index in 0..<itemsPerThread {
                    let item = thread * itemsPerThread + index
                    let action: (Int) -> Disposable = { item in
                        tally.ran(item)
                        if !isDisposedAtOnce(item) { keptRan.signal() }
                        return Disposables.create { tally.resultDisposed(item) }
                    }
                    let disposable =
                        index % 2 == 0
                        ? scheduler.schedule(item, action: action)
                        : scheduler.scheduleRelative(item, dueTime: .milliseconds(1), action: action)
                    if isDisposedAtOnce(item) {
                        disposable.dispose()
                    } else {
                        kept.append(disposable)
                    }
                }
            }
        }

        @Test("disposed before the queue runs nothing runs and every kept item runs once")
        func disposedBeforeTheQueueRunsNothingRunsAndEveryKeptItemRunsOnce() async {
            let baseline = ResourceBaseline()
            do {
                let items = Self.threads * Self.itemsPerThread
                let queue = DispatchQueue(label: "test.stress.held", attributes: .concurrent)
                let scheduler = ConcurrentDispatchQueueScheduler(queue: queue)
                let tally = Tally(items: items)
                let keptCount = (0..<items).filter { !Self.isDisposedAtOnce($0) }.count
                let keptRan = Countdown(keptCount)
                let kept = Kept()
                queue.suspend()
                await Self.scheduleAll(on: scheduler, tally: tally, keptRan: keptRan, kept: kept)
                #expect(tally.runs.allSatisfy { $0 == 0 })
                queue.resume()
                #expect(await keptRan.wait())
                await drain(queue)
                let runs = tally.runs
                for item in 0..<items where runs[item] != (Self.isDisposedAtOnce(item) ? 0 : 1) {
                    Issue.record("item \(item) ran \(runs[item]) times")
                }
                #expect(runs.reduce(0, +) == keptCount)
                #expect(tally.resultDisposals.allSatisfy { $0 == 0 })
                for disposable in kept.takeAll() {
                    disposable.dispose()
                }
                let disposals = tally.resultDisposals
                #expect(disposals == runs)
            }
            baseline.expectBalanced()
        }

        @Test("racing disposals run kept items exactly once and others at most once")
        func racingDisposalsRunKeptItemsExactlyOnceAndOthersAtMostOnce() async {
            let baseline = ResourceBaseline()
            do {
                let items = Self.threads * Self.itemsPerThread
                let queue = DispatchQueue(label: "test.stress.racing", attributes: .concurrent)
                let scheduler = ConcurrentDispatchQueueScheduler(queue: queue)
                let tally = Tally(items: items)
                let keptCount = (0..<items).filter { !Self.isDisposedAtOnce($0) }.count
                let keptRan = Countdown(keptCount)
                let kept = Kept()
                await Self.scheduleAll(on: scheduler, tally: tally, keptRan: keptRan, kept: kept)
                #expect(await keptRan.wait())
                await drain(queue)
                let runs = tally.runs
                for item in 0..<items {
                    if Self.isDisposedAtOnce(item) {
                        if runs[item] > 1 { Issue.record("disposed item \(item) ran \(runs[item]) times") }
                    } else if runs[item] != 1 {
                        Issue.record("kept item \(item) ran \(runs[item]) times")
                    }
                }
                // A disposed item that still ran (the disposal lost the race) had what it
                // returned disposed; a kept one not yet.
                let disposalsBefore = tally.resultDisposals
                for item in 0..<items {
                    let expected = Self.isDisposedAtOnce(item) ? runs[item] : 0
                    if disposalsBefore[item] != expected {
                        Issue.record("item \(item): result disposed \(disposalsBefore[item]) times, expected \(expected)")
                    }
                }
                for disposable in kept.takeAll() {
                    disposable.dispose()
                }
                #expect(tally.resultDisposals == runs)
            }
            baseline.expectBalanced()
        }
    }
}
