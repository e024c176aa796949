import Dispatch
import Foundation

/// Threads that each run their own job at the same moment, as many times as asked: the
/// producers of the ring buffer benchmarks.
///
/// The threads start (and wait) when the value is made, so that creating them is not
/// measured; ``run(_:)`` releases all of them and returns when the last one is done.
///
/// `@unchecked Sendable`, audited: `jobs` and `count` are written only while every thread is
/// parked on its `start` semaphore, and each thread reads them only between its `start` and
/// the `done` signal, so the semaphores order every access (the only such box in the suite).
final class ProducerThreads: @unchecked Sendable {
    private let jobs: [(Int) -> Void]
    private let start: [DispatchSemaphore]
    private let done = DispatchSemaphore(value: 0)
    /// The events each job sends in the current round; 0 tells the threads to end.
    private var count = 0

    /// Starts one parked thread per job.
    ///
    /// - Parameter jobs: What each thread does in a round, given the round's event count.
    init(jobs: [(Int) -> Void]) {
        self.jobs = jobs
        start = jobs.map { _ in DispatchSemaphore(value: 0) }
        for index in jobs.indices {
            let thread = Thread { [self] in loop(index) }
            thread.name = "producer-\(index + 1)"
            thread.start()
        }
    }

    /// Runs every job once, all at the same time, each with `events`; returns when all are done.
    func run(_ events: Int) {
        precondition(events > 0, "a round sends at least one event")
        count = events
        for semaphore in start { semaphore.signal() }
        for _ in start { done.wait() }
    }

    /// Ends the threads; the value cannot run jobs afterwards.
    func stop() {
        count = 0
        for semaphore in start { semaphore.signal() }
        for _ in start { done.wait() }
    }

    private func loop(_ index: Int) {
        while true {
            start[index].wait()
            let events = count
            if events == 0 {
                done.signal()
                return
            }
            jobs[index](events)
            done.signal()
        }
    }
}
