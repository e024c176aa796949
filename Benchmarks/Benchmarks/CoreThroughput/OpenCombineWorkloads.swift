import Benchmark
import OpenCombine

/// Registers the peer's side of every core workload, named `OpenCombine.<workload>`: the same
/// events through the closest OpenCombine equivalent of each rxtrace operator.
///
/// OpenCombine 0.14 has no `CombineLatest` and no `Merge`/`MergeMany`; the equivalents below are
/// built from its own operators the way a user of it would (each one says how), and
/// `Benchmarks/compare` marks those rows as composed.
func registerOpenCombineWorkloads() {
    let count = Workload.operationsPerSample

    Benchmark("OpenCombine.subject.pump", configuration: Workload.configuration()) { benchmark in
        let subject = PassthroughSubject<Int, Never>()
        var sum = 0
        let cancellable = subject.sink { sum &+= $0 }
        benchmark.startMeasurement()
        for value in benchmark.scaledIterations { subject.send(value) }
        benchmark.stopMeasurement()
        cancellable.cancel()
        precondition(sum == count * (count - 1) / 2, "OpenCombine.subject.pump lost events")
        blackHole(sum)
    }

    // Written out with their static types, as Combine code is: no type erasure in the chain.
    // Alternating map and filter keeps OpenCombine from fusing neighbouring maps.
    Benchmark("OpenCombine.chain.x1", configuration: Workload.configuration()) { benchmark in
        let subject = PassthroughSubject<Int, Never>()
        var received = 0
        let cancellable =
            subject
            .map(increment)
            .sink { _ in received &+= 1 }
        pump(subject, benchmark)
        cancellable.cancel()
        precondition(received == count, "OpenCombine.chain.x1 lost events")
    }

    Benchmark("OpenCombine.chain.x5", configuration: Workload.configuration()) { benchmark in
        let subject = PassthroughSubject<Int, Never>()
        var received = 0
        let cancellable =
            subject
            .map(increment).filter(isNonNegative)
            .map(increment).filter(isNonNegative)
            .map(increment)
            .sink { _ in received &+= 1 }
        pump(subject, benchmark)
        cancellable.cancel()
        precondition(received == count, "OpenCombine.chain.x5 lost events")
    }

    Benchmark("OpenCombine.chain.x10", configuration: Workload.configuration()) { benchmark in
        let subject = PassthroughSubject<Int, Never>()
        var received = 0
        let cancellable =
            subject
            .map(increment).filter(isNonNegative)
            .map(increment).filter(isNonNegative)
            .map(increment).filter(isNonNegative)
            .map(increment).filter(isNonNegative)
            .map(increment).filter(isNonNegative)
            .sink { _ in received &+= 1 }
        pump(subject, benchmark)
        cancellable.cancel()
        precondition(received == count, "OpenCombine.chain.x10 lost events")
    }

    Benchmark("OpenCombine.flatMap.just", configuration: Workload.configuration()) { benchmark in
        let subject = PassthroughSubject<Int, Never>()
        var received = 0
        let cancellable =
            subject
            .flatMap { Just($0) }
            .sink { _ in received &+= 1 }
        pump(subject, benchmark)
        cancellable.cancel()
        precondition(received == count, "OpenCombine.flatMap.just lost events")
    }

    Benchmark("OpenCombine.combineLatest.x2", configuration: Workload.configuration()) { benchmark in
        let sources = (0..<2).map { _ in PassthroughSubject<Int, Never>() }
        var received = 0
        let cancellable = composedCombineLatest(sources).sink { _ in received &+= 1 }
        for source in sources { source.send(0) }
        received = 0
        benchmark.startMeasurement()
        for value in benchmark.scaledIterations { sources[value & 1].send(value) }
        benchmark.stopMeasurement()
        cancellable.cancel()
        precondition(received == count, "OpenCombine.combineLatest.x2 lost events")
    }

    Benchmark("OpenCombine.combineLatest.x5", configuration: Workload.configuration()) { benchmark in
        let sources = (0..<5).map { _ in PassthroughSubject<Int, Never>() }
        var received = 0
        let cancellable = composedCombineLatest(sources).sink { _ in received &+= 1 }
        for source in sources { source.send(0) }
        received = 0
        benchmark.startMeasurement()
        for value in benchmark.scaledIterations { sources[value % 5].send(value) }
        benchmark.stopMeasurement()
        cancellable.cancel()
        precondition(received == count, "OpenCombine.combineLatest.x5 lost events")
    }

    // No MergeMany in OpenCombine 0.14: a sequence of the sources flat-mapped with unlimited
    // demand is the same fan-in (and what MergeMany does in Apple's Combine).
    Benchmark("OpenCombine.merge.x10", configuration: Workload.configuration()) { benchmark in
        let sources = (0..<Workload.mergeSources).map { _ in PassthroughSubject<Int, Never>() }
        var received = 0
        let cancellable = sources.publisher
            .flatMap { $0 }
            .sink { _ in received &+= 1 }
        benchmark.startMeasurement()
        for value in benchmark.scaledIterations { sources[value % Workload.mergeSources].send(value) }
        benchmark.stopMeasurement()
        cancellable.cancel()
        precondition(received == count, "OpenCombine.merge.x10 lost events")
    }

    // `share(replay: 1)` multicasts through a one-element replay subject, connected while it
    // has subscribers. OpenCombine's closest: `multicast` through a `CurrentValueSubject` (it
    // replays its latest value to each new subscriber; unlike a replay subject it starts with
    // one) and `autoconnect()` (connects on the first subscriber).
    Benchmark("OpenCombine.share.replay1.x10", configuration: Workload.configuration()) { benchmark in
        let subject = PassthroughSubject<Int, Never>()
        let shared = subject.multicast(subject: CurrentValueSubject<Int, Never>(0)).autoconnect()
        var received = 0
        let cancellables = (0..<Workload.shareSubscribers).map { _ in
            shared.sink { _ in received &+= 1 }
        }
        received = 0
        pump(subject, benchmark)
        for cancellable in cancellables { cancellable.cancel() }
        precondition(received == count * Workload.shareSubscribers, "OpenCombine.share.replay1.x10 lost events")
    }

    Benchmark("OpenCombine.subscribe.dispose", configuration: Workload.configuration()) { benchmark in
        let subject = PassthroughSubject<Int, Never>()
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            subject.sink { blackHole($0) }.cancel()
        }
        benchmark.stopMeasurement()
    }

    // The DisposeBag's counterpart: a `Set<AnyCancellable>`, emptied to cancel everything.
    Benchmark("OpenCombine.disposeBag.10k", configuration: Workload.configuration(scalingFactor: .one)) { benchmark in
        benchmark.startMeasurement()
        fillAndDropCancellables(entries: Workload.bagEntries)
        benchmark.stopMeasurement()
    }
}

/// Sends the sample's events through `subject`, measuring only the sending.
private func pump(_ subject: PassthroughSubject<Int, Never>, _ benchmark: Benchmark) {
    benchmark.startMeasurement()
    for value in benchmark.scaledIterations { subject.send(value) }
    benchmark.stopMeasurement()
}

/// The latest value of each source of the composed combineLatest (up to five).
private struct LatestValues {
    let arity: Int
    var values: (Int?, Int?, Int?, Int?, Int?) = (nil, nil, nil, nil, nil)

    mutating func set(_ index: Int, _ value: Int) {
        switch index {
        case 0: values.0 = value
        case 1: values.1 = value
        case 2: values.2 = value
        case 3: values.3 = value
        default: values.4 = value
        }
    }

    /// The sum of the latest values once every source has sent one.
    var combined: Int? {
        guard let first = values.0, let second = values.1 else { return nil }
        if arity == 2 { return first &+ second }
        guard let third = values.2, let fourth = values.3, let fifth = values.4 else { return nil }
        return first &+ second &+ third &+ fourth &+ fifth
    }
}

/// combineLatest built from OpenCombine's operators: the sources tagged with their index and
/// merged (a sequence flat-mapped), a `scan` keeping the latest value of each, and a
/// `compactMap` emitting the sum once all have sent one: the same outputs as rxtrace's
/// `combineLatest(...) { sum }` for the same inputs.
private func composedCombineLatest(_ sources: [PassthroughSubject<Int, Never>]) -> some Publisher<Int, Never> {
    let arity = sources.count
    return sources.enumerated()
        .map { index, source in source.map { (index, $0) } }
        .publisher
        .flatMap { $0 }
        .scan(LatestValues(arity: arity)) { latest, tagged in
            var next = latest
            next.set(tagged.0, tagged.1)
            return next
        }
        .compactMap(\.combined)
}

/// Fills a set with `entries` cancellables and empties it, which cancels them all.
@inline(never)
private func fillAndDropCancellables(entries: Int) {
    var cancellables = Set<AnyCancellable>()
    for _ in 0..<entries {
        AnyCancellable {}.store(in: &cancellables)
    }
    cancellables.removeAll()
}
