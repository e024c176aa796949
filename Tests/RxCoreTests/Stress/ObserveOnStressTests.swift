import Dispatch
import Foundation
import RxCore
import RxTest
import TestSupport
import Testing

/// `observe(on:)` on a serial scheduler under load: many threads emitting (each serially into
/// its own source) while others dispose. Counts are exact, nothing arrives twice or out of
/// order, at most one terminal event per subscription, and a disposal made on the
/// scheduler's queue stops delivery at once. Also run under `swift test --sanitize=thread`.
@Suite(.resourceBalanced, .offPool)
struct ObserveOnStressTests {
    /// What one subscription received, recorded from the scheduler's queue.
    private final class Received: Sendable {
        private struct State {
            var elements: [Int] = []
            var completions = 0
            var errors = 0
            var inFlight = 0
            var overlaps = 0
            var offQueue = 0
        }

        private let state = Locked(State())
        private let queueName: String
        let finished = Countdown()

        init(queueName: String) {
            self.queueName = queueName
        }

        var elements: [Int] { state.withLock { $0.elements } }
        var terminals: Int { state.withLock { $0.completions + $0.errors } }
        var completions: Int { state.withLock { $0.completions } }
        var overlaps: Int { state.withLock { $0.overlaps } }
        var offQueue: Int { state.withLock { $0.offQueue } }
        var count: Int { state.withLock { $0.elements.count } }

        func observer() -> AnyObserver<Int> {
            AnyObserver { event in
                let onQueue = currentQueueMarker() == self.queueName
                self.state.withLock {
                    if $0.inFlight > 0 { $0.overlaps += 1 }
                    $0.inFlight += 1
                    if !onQueue { $0.offQueue += 1 }
                    switch event {
                    case .next(let value): $0.elements.append(value)
                    case .completed: $0.completions += 1
                    case .error: $0.errors += 1
                    }
                }
                self.state.withLock { $0.inFlight -= 1 }
                if event.isStopEvent { self.finished.signal() }
            }
        }
    }

    /// How far each emitter has got, for the disposers to aim at.
    private final class Progress: Sendable {
        private final class Counter: Sendable {
            let value = Locked<Int>(0)
        }

        private let emitted: [Counter]

        init(_ count: Int) {
            emitted = (0..<count).map { _ in Counter() }
        }

        func advance(_ index: Int) {
            emitted[index].value.add(1)
        }

        func wait(_ index: Int, until target: Int) {
            while emitted[index].value.load() < target {
                sched_yield()
            }
        }
    }

    @Test("every source's elements arrive on the queue exactly once, in order, then one completion")
    func manyEmittersExactCounts() async {
        let fixture = MarkedSerialScheduler("stress.observe-on.counts")
        let sources = 12
        let elements = 2_000
        let inputs = (0..<sources).map { _ in ManualSource<Int>() }
        let outputs = (0..<sources).map { _ in Received(queueName: fixture.name) }
        let subscriptions = zip(inputs, outputs).map { input, output in
            input.observe(on: fixture.scheduler).subscribe(output.observer())
        }
        await onManyThreads(sources) { index in
            for value in 0..<elements {
                inputs[index].onNext(value)
            }
            inputs[index].on(.completed)
        }
        for output in outputs {
            #expect(await output.finished.wait())
        }
        // The source is released right after the completion was delivered, on the queue.
        await fixture.drain()
        for (index, output) in outputs.enumerated() {
            #expect(output.elements == Array(0..<elements), "source \(index)")
            #expect(output.completions == 1)
            #expect(output.terminals == 1)
            #expect(output.overlaps == 0)
            #expect(output.offQueue == 0)
            #expect(inputs[index].observerCount == 0)
        }
        subscriptions.forEach { $0.dispose() }
    }

    @Test("emitters racing disposers: prefixes in order, one terminal at most, nothing after an on-queue disposal")
    func emittersRacingDisposers() async {
        for round in 0..<20 {
            let fixture = MarkedSerialScheduler("stress.observe-on.dispose")
            let sources = 8
            let elements = 1_000
            let inputs = (0..<sources).map { _ in ManualSource<Int>() }
            let outputs = (0..<sources).map { _ in Received(queueName: fixture.name) }
            let subscriptions = zip(inputs, outputs).map { input, output in
                SendableBox(input.observe(on: fixture.scheduler).subscribe(output.observer()))
            }
            let progress = Progress(sources)
            // Sources 0..<4 keep their subscription; 4 and 5 are disposed from another thread;
            // 6 and 7 are disposed on the scheduler's queue, which must stop delivery at once.
            let atQueueDisposal = Locked<[Int: (elements: Int, terminals: Int)]>([:])
            let disposalTarget: @Sendable (Int) -> Int = { index in (round * 97 + index * 131) % elements }
            await onManyThreads(sources + 4) { worker in
                if worker < sources {
                    for value in 0..<elements {
                        inputs[worker].onNext(value)
                        progress.advance(worker)
                    }
                    inputs[worker].on(.completed)
                    return
                }
                let index = 4 + (worker - sources)
                progress.wait(index, until: disposalTarget(index))
                if index < 6 {
                    subscriptions[index].value.dispose()
                } else {
                    let disposed = DispatchSemaphore(value: 0)
                    fixture.queue.async {
                        atQueueDisposal.withLock { $0[index] = (outputs[index].count, outputs[index].terminals) }
                        subscriptions[index].value.dispose()
                        disposed.signal()
                    }
                    disposed.wait()
                }
            }
            for index in 0..<4 {
                #expect(await outputs[index].finished.wait())
            }
            await fixture.drain()
            await fixture.drain()
            for (index, output) in outputs.enumerated() {
                let received = output.elements
                #expect(received == Array(0..<received.count), "round \(round), source \(index): in order, none twice")
                #expect(output.terminals <= 1)
                #expect(output.overlaps == 0)
                #expect(output.offQueue == 0)
                #expect(inputs[index].observerCount == 0)
                if index < 4 {
                    #expect(received.count == elements)
                    #expect(output.completions == 1)
                }
                if index >= 6 {
                    // The disposal may come before or after the completion; either way nothing
                    // is delivered after it.
                    let atDisposal = atQueueDisposal.withLock { $0[index] }
                    #expect(atDisposal?.elements == received.count, "round \(round), source \(index): nothing after the disposal")
                    #expect(atDisposal?.terminals == output.terminals)
                }
            }
            subscriptions.forEach { $0.value.dispose() }
        }
    }

    @Test("the observer disposing its own subscription on the queue receives nothing more")
    func observerDisposesItself() async {
        let fixture = MarkedSerialScheduler("stress.observe-on.self")
        let sources = 8
        let elements = 1_000
        let inputs = (0..<sources).map { _ in ManualSource<Int>() }
        let slots = (0..<sources).map { _ in Locked<Disposable?>(nil) }
        let received = (0..<sources).map { _ in Locked<[Int]>([]) }
        for index in 0..<sources {
            let stopAt = 100 + index * 97
            let subscription = inputs[index].observe(on: fixture.scheduler).subscribe(onNext: { value in
                received[index].withLock { $0.append(value) }
                if value == stopAt {
                    slots[index].withLock { $0 }?.dispose()
                }
            })
            slots[index].withLock { $0 = subscription }
        }
        await onManyThreads(sources) { index in
            for value in 0..<elements {
                inputs[index].onNext(value)
            }
            inputs[index].on(.completed)
        }
        await fixture.drain()
        await fixture.drain()
        for index in 0..<sources {
            #expect(received[index].withLock { $0 } == Array(0...(100 + index * 97)))
            #expect(inputs[index].observerCount == 0)
        }
        slots.forEach { $0.withLock { $0 = nil } }
    }
}
