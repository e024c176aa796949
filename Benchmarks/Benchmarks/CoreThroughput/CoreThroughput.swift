import Benchmark
import OpenCombine
import RxCore

/// Events pushed per benchmark iteration.
private let eventCount = 1_000_000

/// rxtrace against OpenCombine on the classic workloads: compare the `rx.` and `combine.`
/// rows of the same run (the numbers only mean something as ratios on one machine).
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.throughput, .wallClock, .mallocCountTotal],
        maxDuration: .seconds(2),
        maxIterations: 20
    )

    Benchmark("rx.PublishSubject.pump.1M") { benchmark in
        let subject = PublishSubject<Int>()
        var sum = 0
        let subscription = subject.subscribe(onNext: { sum &+= $0 })
        benchmark.startMeasurement()
        for value in 0..<eventCount { subject.onNext(value) }
        benchmark.stopMeasurement()
        subscription.dispose()
        blackHole(sum)
    }

    Benchmark("combine.PassthroughSubject.pump.1M") { benchmark in
        let subject = PassthroughSubject<Int, Never>()
        var sum = 0
        let cancellable = subject.sink { sum &+= $0 }
        benchmark.startMeasurement()
        for value in 0..<eventCount { subject.send(value) }
        benchmark.stopMeasurement()
        cancellable.cancel()
        blackHole(sum)
    }

    Benchmark("rx.PublishSubject.map.filter.x5.1M") { benchmark in
        let subject = PublishSubject<Int>()
        var sum = 0
        let subscription = subject
            .map { $0 &+ 1 }.filter { $0 & 1 == 0 }
            .map { $0 &+ 1 }.filter { $0 & 1 == 1 }
            .map { $0 &+ 1 }
            .subscribe(onNext: { sum &+= $0 })
        benchmark.startMeasurement()
        for value in 0..<eventCount { subject.onNext(value) }
        benchmark.stopMeasurement()
        subscription.dispose()
        blackHole(sum)
    }

    Benchmark("combine.PassthroughSubject.map.filter.x5.1M") { benchmark in
        let subject = PassthroughSubject<Int, Never>()
        var sum = 0
        let cancellable = subject
            .map { $0 &+ 1 }.filter { $0 & 1 == 0 }
            .map { $0 &+ 1 }.filter { $0 & 1 == 1 }
            .map { $0 &+ 1 }
            .sink { sum &+= $0 }
        benchmark.startMeasurement()
        for value in 0..<eventCount { subject.send(value) }
        benchmark.stopMeasurement()
        cancellable.cancel()
        blackHole(sum)
    }

    Benchmark("rx.subscribe.dispose.100k") { benchmark in
        let subject = PublishSubject<Int>()
        benchmark.startMeasurement()
        for _ in 0..<100_000 {
            subject.subscribe(onNext: { blackHole($0) }).dispose()
        }
        benchmark.stopMeasurement()
    }

    Benchmark("combine.sink.cancel.100k") { benchmark in
        let subject = PassthroughSubject<Int, Never>()
        benchmark.startMeasurement()
        for _ in 0..<100_000 {
            subject.sink { blackHole($0) }.cancel()
        }
        benchmark.stopMeasurement()
    }
}
