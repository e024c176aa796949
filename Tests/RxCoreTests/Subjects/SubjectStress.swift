import Foundation
import RxCore
import TestSupport

/// What a stress run observed.
struct SubjectStressOutcome {
    /// How many elements were sent (`0..<emitted`), before `.completed`.
    let emitted: Int
    /// The events of each subscription that was disposed while elements were being sent.
    let churned: [[Event<Int>]]
    /// The events of each subscription kept until the subject completed.
    let stayed: [[Event<Int>]]
}

/// Shared state of one stress run.
private final class SubjectStressState: Sendable {
    let workersLeft: Locked<Int>
    let churned = Locked<[[Event<Int>]]>([])
    let stayed = Locked<[EventLog<Int>]>([])
    let emitted = Locked<Int>(0)

    init(workers: Int) {
        workersLeft = Locked(workers)
    }
}

/// Runs `workers` threads that each subscribe and unsubscribe `iterations` times and then
/// subscribe once more for good, while one more thread sends `0, 1, 2, ...` until every
/// worker is done (and at least `minimumElements`, at most `maximumElements`), then
/// `.completed` once every worker is done.
func stressSubject(
    workers: Int = 4,
    iterations: Int = 300,
    minimumElements: Int = 1_000,
    maximumElements: Int = .max,
    subscribe: @escaping @Sendable (EventLog<Int>) -> Disposable,
    send: @escaping @Sendable (Event<Int>) -> Void
) -> SubjectStressOutcome {
    let state = SubjectStressState(workers: workers)
    let group = DispatchGroup()

    for _ in 0..<workers {
        group.enter()
        Thread {
            for iteration in 0..<iterations {
                let log = EventLog<Int>()
                let subscription = subscribe(log)
                if iteration % 3 == 0 {
                    Thread.sleep(forTimeInterval: 0.000_01)
                }
                subscription.dispose()
                let events = log.events
                state.churned.withLock { $0.append(events) }
            }
            let log = EventLog<Int>()
            _ = subscribe(log)
            state.stayed.withLock { $0.append(log) }
            state.workersLeft.subtract(1)
            group.leave()
        }.start()
    }

    group.enter()
    Thread {
        var next = 0
        while state.workersLeft.load() > 0 || next < minimumElements {
            if next < maximumElements {
                send(.next(next))
                next += 1
            } else {
                Thread.sleep(forTimeInterval: 0.000_1)
            }
        }
        send(.completed)
        state.emitted.store(next)
        group.leave()
    }.start()

    group.wait()
    return SubjectStressOutcome(
        emitted: state.emitted.load(),
        churned: state.churned.withLock { $0 },
        stayed: state.stayed.withLock { $0.map(\.events) }
    )
}

/// Whether `events` are consecutive integers in increasing order.
func areConsecutive(_ elements: [Int]) -> Bool {
    zip(elements, elements.dropFirst()).allSatisfy { $1 == $0 + 1 }
}
