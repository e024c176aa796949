import Dispatch
import RxCore
import RxTest
import TestSupport
import Testing

/// The operators that merge two sources deliver one event at a time even when the sources
/// emit from two threads at once (run under `swift test --sanitize=thread` as well).
@Suite(.resourceBalanced, .offPool)
struct FilteringStressTests {
    /// Records what it receives and whether two deliveries ever overlapped.
    private final class CheckingObserver: ObserverType, Sendable {
        typealias Element = Int

        private let depth = Locked<Int>(0)
        private let overlaps = Locked<Int>(0)
        private let log = Locked<(elements: [Int], terminals: [String])>(([], []))

        var overlapped: Bool { overlaps.load() > 0 }
        var elements: [Int] { log.withLock { $0.elements } }
        var terminals: [String] { log.withLock { $0.terminals } }

        func on(_ event: Event<Int>) {
            if depth.add(1) != 1 {
                overlaps.add(1)
            }
            log.withLock { log in
                switch event {
                case .next(let value): log.elements.append(value)
                case .error(let error): log.terminals.append("error \(error)")
                case .completed: log.terminals.append("completed")
                }
            }
            depth.subtract(1)
        }
    }

    /// An observable whose one subscriber can be driven from any thread.
    private final class Drivable: Sendable {
        private let observer = Locked<SendableBox<AnyObserver<Int>>?>(nil)

        var observable: Observable<Int> {
            Observable.create { observer in
                self.observer.withLock { $0 = SendableBox(observer) }
                return Disposables.create()
            }
        }

        func on(_ event: Event<Int>) {
            let current = observer.withLock { $0 }
            current?.value.on(event)
        }

        /// Lets go of the subscriber, so nothing outlives the test.
        func release() {
            observer.withLock { $0 = nil }
        }
    }

    private static let count = 300

    @Test("sample from two threads")
    func sampleFromTwoThreads() {
        for _ in 0..<100 {
            let source = Drivable()
            let ticks = Drivable()
            let checker = CheckingObserver()
            let subscription = source.observable.sample(ticks.observable).subscribe(checker)
            DispatchQueue.concurrentPerform(iterations: 2) { worker in
                if worker == 0 {
                    for value in 1...Self.count { source.on(.next(value)) }
                } else {
                    for tick in 1...Self.count { ticks.on(.next(tick)) }
                }
            }
            source.on(.next(Self.count + 1))
            source.on(.completed)
            ticks.on(.next(0))
            subscription.dispose()
            source.release()
            ticks.release()

            let elements = checker.elements
            #expect(!checker.overlapped)
            #expect(zip(elements, elements.dropFirst()).allSatisfy { $0 < $1 }, "each element sampled once, in order")
            #expect(elements.last == Self.count + 1)
            #expect(checker.terminals == ["completed"])
        }
    }

    @Test("take until from two threads")
    func takeUntilFromTwoThreads() {
        for _ in 0..<100 {
            let source = Drivable()
            let trigger = Drivable()
            let checker = CheckingObserver()
            let subscription = source.observable.take(until: trigger.observable).subscribe(checker)
            DispatchQueue.concurrentPerform(iterations: 2) { worker in
                if worker == 0 {
                    for value in 1...Self.count { source.on(.next(value)) }
                    source.on(.completed)
                } else {
                    trigger.on(.next(0))
                }
            }
            subscription.dispose()
            source.release()
            trigger.release()

            let elements = checker.elements
            #expect(!checker.overlapped)
            #expect(elements == Array(1..<(elements.count + 1)), "a prefix of the source")
            #expect(checker.terminals == ["completed"])
        }
    }

    @Test("skip until from two threads")
    func skipUntilFromTwoThreads() {
        for _ in 0..<100 {
            let source = Drivable()
            let trigger = Drivable()
            let checker = CheckingObserver()
            let subscription = source.observable.skip(until: trigger.observable).subscribe(checker)
            DispatchQueue.concurrentPerform(iterations: 2) { worker in
                if worker == 0 {
                    for value in 1...Self.count { source.on(.next(value)) }
                } else {
                    trigger.on(.next(0))
                }
            }
            source.on(.next(Self.count + 1))
            source.on(.completed)
            subscription.dispose()
            source.release()
            trigger.release()

            let elements = checker.elements
            #expect(!checker.overlapped)
            let first = elements.first ?? 0
            #expect(elements == Array(first...(Self.count + 1)), "a suffix of the source")
            #expect(checker.terminals == ["completed"])
        }
    }
}
