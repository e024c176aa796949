import RxCore

// Usage: RxInstructions WORKLOAD COUNT. Runs WORKLOAD's operation COUNT times after its setup;
// `Benchmarks/instructions` runs it twice under callgrind and divides the difference.

/// Keeps a value alive for the optimizer; written by one thread only.
nonisolated(unsafe) var sink = 0

@inline(never)
func consume(_ value: Int) {
    sink &+= value
}

/// Starts tracing in memory only (no file, no signal handler), as the `Probes` benchmarks do.
func startTracing(capacity: Int?) {
    var configuration = TraceConfiguration(path: nil, dumpsAtExit: false, dumpsOnSignal: false, announcesDumps: false)
    if let capacity { configuration.capacity = capacity }
    Trace.start(configuration)
    precondition(Trace.isTracing, "tracing did not start")
}

/// Sends `warmUp` and then `count` integers through a subject, a `debug()` probe and one
/// subscriber.
func pumpThroughDebug(_ count: Int, warmUp: Int) {
    let subject = PublishSubject<Int>()
    let subscription = subject.debug("x").subscribe(onNext: { consume($0) })
    for value in 0..<warmUp { subject.onNext(value) }
    for value in 0..<count { subject.onNext(value) }
    subscription.dispose()
}

let arguments = CommandLine.arguments
guard arguments.count == 3, let count = Int(arguments[2]) else {
    fatalError("usage: RxInstructions WORKLOAD COUNT")
}

switch arguments[1] {
case "subscribe.dispose":
    // `just(1).map {}.subscribe(onNext:)` and `dispose()`: the subscription workload.
    for _ in 0..<count {
        Observable.just(1).map { $0 &+ 1 }.subscribe(onNext: { consume($0) }).dispose()
    }
case "subject.subscribe.dispose":
    // `subscribe(onNext:)` to a subject and `dispose()`: the benchmark `subscribe.dispose`.
    let subject = PublishSubject<Int>()
    for _ in 0..<count {
        subject.subscribe(onNext: { consume($0) }).dispose()
    }
case "flatMap.just":
    let subject = PublishSubject<Int>()
    let subscription = subject.flatMap { Observable.just($0) }.subscribe(onNext: { consume($0) })
    for value in 0..<count { subject.onNext(value) }
    subscription.dispose()
case "combineLatest.x2":
    let first = PublishSubject<Int>()
    let second = PublishSubject<Int>()
    let subscription = Observable.combineLatest(first, second) { $0 &+ $1 }.subscribe(onNext: { consume($0) })
    first.onNext(0)
    second.onNext(0)
    for value in 0..<count { (value & 1 == 0 ? first : second).onNext(value) }
    subscription.dispose()
case "chain.x12":
    let subject = PublishSubject<Int>()
    var chain = subject.asObservable()
    for index in 0..<12 {
        chain = index.isMultiple(of: 2) ? chain.map { $0 &+ 1 } : chain.filter { $0 >= 0 }
    }
    let subscription = chain.subscribe(onNext: { consume($0) })
    for value in 0..<count { subject.onNext(value) }
    subscription.dispose()
case "subject.pump":
    let subject = PublishSubject<Int>()
    let subscription = subject.subscribe(onNext: { consume($0) })
    for value in 0..<count { subject.onNext(value) }
    subscription.dispose()
case "disposeBag":
    // One bag of COUNT entries, inserted and disposed with the bag.
    do {
        let bag = DisposeBag()
        for _ in 0..<count { Disposables.create {}.disposed(by: bag) }
    }
case "debug.ring":
    // `debug()` while tracing: one 32-byte record per event. The default capacity (a million
    // records) is far from full, so this counts the ring's first fill: new chunks included.
    startTracing(capacity: nil)
    pumpThroughDebug(count, warmUp: 0)
case "debug.ring.wrapped":
    // The same once the ring has wrapped (the smallest capacity, 2 048 records, filled five
    // times over before the counted events): chunks are recycled, none allocated.
    startTracing(capacity: 2_048)
    pumpThroughDebug(count, warmUp: 10_240)
case "merge.x10":
    // An element of one of ten subjects through `Observable.merge`: the benchmark `merge.x10`.
    let sources = (0..<10).map { _ in PublishSubject<Int>() }
    let subscription = Observable.merge(sources.map { $0.asObservable() }).subscribe(onNext: { consume($0) })
    for value in 0..<count { sources[value % 10].onNext(value) }
    subscription.dispose()
case "merge.subscribe":
    // `Observable.merge` of ten `just`s, subscribed and disposed: the per-subscription cost.
    let sources = (0..<10).map { Observable.just($0) }
    for _ in 0..<count {
        Observable.merge(sources).subscribe(onNext: { consume($0) }).dispose()
    }
case "concat.just":
    // A `just` inner sequence through `concat()`, per element.
    let subject = PublishSubject<Observable<Int>>()
    let subscription = subject.concat().subscribe(onNext: { consume($0) })
    for value in 0..<count { subject.onNext(Observable.just(value)) }
    subscription.dispose()
case "switchLatest.just":
    // A `just` inner sequence through `switchLatest()`, per element.
    let subject = PublishSubject<Observable<Int>>()
    let subscription = subject.switchLatest().subscribe(onNext: { consume($0) })
    for value in 0..<count { subject.onNext(Observable.just(value)) }
    subscription.dispose()
case "merge.just":
    // A `just` inner sequence through `merge()`, per element.
    let subject = PublishSubject<Observable<Int>>()
    let subscription = subject.merge().subscribe(onNext: { consume($0) })
    for value in 0..<count { subject.onNext(Observable.just(value)) }
    subscription.dispose()
default:
    fatalError("unknown workload \(arguments[1])")
}
consume(0)
