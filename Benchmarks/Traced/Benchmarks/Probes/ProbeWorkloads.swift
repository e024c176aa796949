import Benchmark
import RxCore

/// Registers the per-event probe benchmarks: `Probe.none`, `Probe.operator`,
/// `Probe.debug.text`, `Probe.debug.ring` and `Probe.debug.ring.string`.
///
/// Each sample sends ``Workload/operationsPerSample`` events into a `PublishSubject` with one
/// subscriber, set up before `startMeasurement()`; only the events are measured. With the
/// benchmarks' scaling factor, `benchmark --scale` prints per-event figures.
func registerProbeWorkloads() {
    let count = Workload.operationsPerSample

    Benchmark("Probe.none", configuration: Workload.configuration()) { benchmark in
        pumpIntegers(benchmark, "Probe.none") { $0 }
    }

    // One pass-through operator and no probe: the hop through an operator's sink that `debug()`
    // adds to the path whether or not it records, so that the recording's own cost shows as
    // `Probe.debug.ring` minus this.
    Benchmark("Probe.operator", configuration: Workload.configuration()) { benchmark in
        pumpIntegers(benchmark, "Probe.operator") { $0.map { $0 } }
    }

    // The text form: one formatted, timestamped line per event, printed to standard output,
    // which points at /dev/null for the length of the benchmark.
    Benchmark(
        "Probe.debug.text",
        configuration: Workload.configuration(),
        closure: { benchmark in
            precondition(!Trace.isTracing, "Probe.debug.text: tracing is on (RXTRACE set?); the text form would not print")
            pumpIntegers(benchmark, "Probe.debug.text") { $0.debug("x") }
        },
        setup: { StandardOutput.discard() },
        teardown: { StandardOutput.restore() }
    )

    // The binary form: one 32-byte record per event into the trace's ring buffer.
    Benchmark(
        "Probe.debug.ring",
        configuration: Workload.configuration(),
        closure: { benchmark in
            precondition(Trace.isTracing, "Probe.debug.ring: tracing is off")
            pumpIntegers(benchmark, "Probe.debug.ring") { $0.debug("x") }
        },
        setup: { ProbeTracing.start() },
        teardown: { ProbeTracing.stop() }
    )

    // The same with `String` elements (16 distinct ones): each event's summary is a lookup of
    // its description in the trace's string table.
    let words = (0..<16).map { "element-\($0)" }
    Benchmark(
        "Probe.debug.ring.string",
        configuration: Workload.configuration(),
        closure: { benchmark in
            precondition(Trace.isTracing, "Probe.debug.ring.string: tracing is off")
            let subject = PublishSubject<String>()
            var received = 0
            let subscription = subject.debug("x").subscribe(onNext: { _ in received &+= 1 })
            benchmark.startMeasurement()
            for value in benchmark.scaledIterations { subject.onNext(words[value & 15]) }
            benchmark.stopMeasurement()
            subscription.dispose()
            precondition(received == count, "Probe.debug.ring.string lost events")
        },
        setup: { ProbeTracing.start() },
        teardown: { ProbeTracing.stop() }
    )
}

/// Sends the sample's integers into a subject through `chain` to one subscriber, measuring only
/// the events, and stops the run if any event was lost.
private func pumpIntegers(_ benchmark: Benchmark, _ name: String, through chain: (Observable<Int>) -> Observable<Int>) {
    let subject = PublishSubject<Int>()
    var sum = 0
    let subscription = chain(subject.asObservable()).subscribe(onNext: { sum &+= $0 })
    benchmark.startMeasurement()
    for value in benchmark.scaledIterations { subject.onNext(value) }
    benchmark.stopMeasurement()
    subscription.dispose()
    let count = Workload.operationsPerSample
    precondition(sum == count * (count - 1) / 2, "\(name) lost events")
}

/// Tracing for the probe and ring benchmarks: into the ring buffer only, with the default
/// capacity (about a million records), never written to a file.
enum ProbeTracing {
    /// Starts a fresh trace.
    static func start() {
        Trace.start(
            TraceConfiguration(path: nil, dumpsAtExit: false, dumpsOnSignal: false, announcesDumps: false)
        )
    }

    /// Stops it; its buffer goes away with the last subscription recording into it.
    static func stop() {
        Trace.stop()
    }
}
