import Benchmark
import RxCore

/// Registers rxtrace's side of every core workload, named `RxCore.<workload>`.
///
/// `OpenCombineWorkloads.swift` registers the same workloads for the peer under
/// `OpenCombine.<workload>`; `Benchmarks/compare` pairs them by the part after the prefix. This
/// file is shared with the `Traced` package (a symbolic link), which runs it against the core
/// built with the `TraceResources` trait.
///
/// Each sample sets its subscriptions up before `startMeasurement()`, so only the events (or
/// the operations) are measured.
func registerRxCoreWorkloads() {
    let count = Workload.operationsPerSample

    Benchmark("RxCore.subject.pump", configuration: Workload.configuration()) { benchmark in
        let subject = PublishSubject<Int>()
        var sum = 0
        let subscription = subject.subscribe(onNext: { sum &+= $0 })
        benchmark.startMeasurement()
        for value in benchmark.scaledIterations { subject.onNext(value) }
        benchmark.stopMeasurement()
        subscription.dispose()
        precondition(sum == count * (count - 1) / 2, "RxCore.subject.pump lost events")
        blackHole(sum)
    }

    for length in [1, 5, 10] {
        Benchmark("RxCore.chain.x\(length)", configuration: Workload.configuration()) { benchmark in
            let subject = PublishSubject<Int>()
            var received = 0
            let subscription = rxChain(subject.asObservable(), length: length)
                .subscribe(onNext: { _ in received &+= 1 })
            benchmark.startMeasurement()
            for value in benchmark.scaledIterations { subject.onNext(value) }
            benchmark.stopMeasurement()
            subscription.dispose()
            precondition(received == count, "RxCore.chain.x\(length) lost events")
        }
    }

    Benchmark("RxCore.flatMap.just", configuration: Workload.configuration()) { benchmark in
        let subject = PublishSubject<Int>()
        var received = 0
        let subscription =
            subject
            .flatMap { Observable.just($0) }
            .subscribe(onNext: { _ in received &+= 1 })
        benchmark.startMeasurement()
        for value in benchmark.scaledIterations { subject.onNext(value) }
        benchmark.stopMeasurement()
        subscription.dispose()
        precondition(received == count, "RxCore.flatMap.just lost events")
    }

    Benchmark("RxCore.combineLatest.x2", configuration: Workload.configuration()) { benchmark in
        let sources = (0..<2).map { _ in PublishSubject<Int>() }
        var received = 0
        let subscription = Observable.combineLatest(sources[0], sources[1]) { $0 &+ $1 }
            .subscribe(onNext: { _ in received &+= 1 })
        for source in sources { source.onNext(0) }
        received = 0
        benchmark.startMeasurement()
        for value in benchmark.scaledIterations { sources[value & 1].onNext(value) }
        benchmark.stopMeasurement()
        subscription.dispose()
        precondition(received == count, "RxCore.combineLatest.x2 lost events")
    }

    Benchmark("RxCore.combineLatest.x5", configuration: Workload.configuration()) { benchmark in
        let sources = (0..<5).map { _ in PublishSubject<Int>() }
        var received = 0
        let subscription = Observable.combineLatest(sources[0], sources[1], sources[2], sources[3], sources[4]) {
            $0 &+ $1 &+ $2 &+ $3 &+ $4
        }
        .subscribe(onNext: { _ in received &+= 1 })
        for source in sources { source.onNext(0) }
        received = 0
        benchmark.startMeasurement()
        for value in benchmark.scaledIterations { sources[value % 5].onNext(value) }
        benchmark.stopMeasurement()
        subscription.dispose()
        precondition(received == count, "RxCore.combineLatest.x5 lost events")
    }

    Benchmark("RxCore.merge.x10", configuration: Workload.configuration()) { benchmark in
        let sources = (0..<Workload.mergeSources).map { _ in PublishSubject<Int>() }
        var received = 0
        let subscription = Observable.merge(sources.map { $0.asObservable() })
            .subscribe(onNext: { _ in received &+= 1 })
        benchmark.startMeasurement()
        for value in benchmark.scaledIterations { sources[value % Workload.mergeSources].onNext(value) }
        benchmark.stopMeasurement()
        subscription.dispose()
        precondition(received == count, "RxCore.merge.x10 lost events")
    }

    Benchmark("RxCore.share.replay1.x10", configuration: Workload.configuration()) { benchmark in
        let subject = PublishSubject<Int>()
        let shared = subject.share(replay: 1)
        var received = 0
        let subscriptions = (0..<Workload.shareSubscribers).map { _ in
            shared.subscribe(onNext: { _ in received &+= 1 })
        }
        benchmark.startMeasurement()
        for value in benchmark.scaledIterations { subject.onNext(value) }
        benchmark.stopMeasurement()
        for subscription in subscriptions { subscription.dispose() }
        precondition(received == count * Workload.shareSubscribers, "RxCore.share.replay1.x10 lost events")
    }

    Benchmark("RxCore.subscribe.dispose", configuration: Workload.configuration()) { benchmark in
        let subject = PublishSubject<Int>()
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            subject.subscribe(onNext: { blackHole($0) }).dispose()
        }
        benchmark.stopMeasurement()
        precondition(!subject.hasObservers, "RxCore.subscribe.dispose left observers behind")
    }

    Benchmark("RxCore.disposeBag.10k", configuration: Workload.configuration(scalingFactor: .one)) { benchmark in
        benchmark.startMeasurement()
        fillAndDropDisposeBag(entries: Workload.bagEntries)
        benchmark.stopMeasurement()
    }
}

/// `length` operators on `source`, alternating `map` and a `filter` that lets every element
/// through (so each operator handles every event), starting with `map`.
private func rxChain(_ source: Observable<Int>, length: Int) -> Observable<Int> {
    var chain = source
    for index in 0..<length {
        chain = index.isMultiple(of: 2) ? chain.map(increment) : chain.filter(isNonNegative)
    }
    return chain
}

/// Fills a bag with `entries` disposables and drops it, which disposes them all.
@inline(never)
private func fillAndDropDisposeBag(entries: Int) {
    let bag = DisposeBag()
    for _ in 0..<entries {
        Disposables.create {}.disposed(by: bag)
    }
}
