import Benchmark
import RxCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The sizes of the ring buffer benchmarks.
enum RingWorkload {
    /// Events, hence records, each producer thread writes in one sample.
    static let eventsPerThread = 1 << 18
    /// Events each thread sends before the measurement, so that installing its trace writer
    /// (once per thread and trace) is not measured.
    static let warmUpEvents = 1_024
    /// The size of one record.
    static let recordBytes = 32
    /// The records the memory copy moves at a time: one chunk of the ring buffer (32 KiB).
    static let recordsPerCopy = 1_024
    /// How many times more records the memory copy moves per round than the probes write: a
    /// round of ``eventsPerThread`` copies takes about 0.2 ms, which the wake-up of the threads
    /// (tens of microseconds on a virtual machine) would distort. Figures per record divide
    /// by it (`Benchmarks/compare` does).
    static let copyRepeats = 16
    /// The bytes of a ring buffer of the default capacity (32 MiB): the memory copy writes into
    /// a buffer this large, split between its threads, as the probes write into the ring.
    static var ringBytes: Int { TraceConfiguration.defaultCapacity * recordBytes }

    /// One sample is one round of every thread; the scaling factor is one (per round).
    static func configuration() -> Benchmark.Configuration {
        Workload.configuration(scalingFactor: .one)
    }
}

/// Registers `Ring.probe.threads1/2` and `Ring.memcpy.threads1/2`.
///
/// A sample is one round: each of the 1 or 2 producer threads writes
/// ``RingWorkload/eventsPerThread`` records at the same time; the sample's time is the round's
/// wall clock time. `Ring.probe.*` sends events through a `debug()` probe per thread while
/// tracing (one 32-byte record each); `Ring.memcpy.*` copies 32-byte records with `memcpy`,
/// 32 KiB at a time, into a 32 MiB buffer (each thread its share), already touched: what the
/// memory system allows. So that the copy's round is long enough to time, it moves
/// ``RingWorkload/copyRepeats`` times as many records as the probes write.
func registerRingWorkloads() {
    let events = RingWorkload.eventsPerThread
    for threads in [1, 2] {
        Benchmark(
            "Ring.probe.threads\(threads)",
            configuration: RingWorkload.configuration(),
            closure: { benchmark in
                precondition(Trace.isTracing, "Ring.probe.threads\(threads): tracing is off")
                let lanes = (0..<threads).map { ProbeLane(name: "lane-\($0 + 1)") }
                let producers = ProducerThreads(jobs: lanes.map { lane in { lane.send($0) } })
                producers.run(RingWorkload.warmUpEvents)
                benchmark.startMeasurement()
                producers.run(events)
                benchmark.stopMeasurement()
                producers.stop()
                for lane in lanes {
                    precondition(lane.finish() == RingWorkload.warmUpEvents + events, "Ring.probe.threads\(threads) lost events")
                }
            },
            setup: { ProbeTracing.start() },
            teardown: { ProbeTracing.stop() }
        )

        Benchmark("Ring.memcpy.threads\(threads)", configuration: RingWorkload.configuration()) { benchmark in
            let lanes = (0..<threads).map { _ in CopyLane(regionBytes: RingWorkload.ringBytes / threads) }
            let copies = events * RingWorkload.copyRepeats
            let producers = ProducerThreads(jobs: lanes.map { lane in { lane.copy(records: $0) } })
            producers.run(RingWorkload.warmUpEvents)
            benchmark.startMeasurement()
            producers.run(copies)
            benchmark.stopMeasurement()
            producers.stop()
            for lane in lanes {
                precondition(lane.copied == RingWorkload.warmUpEvents + copies, "Ring.memcpy.threads\(threads) lost records")
            }
        }
    }
}

/// One producer of `Ring.probe.*`: a subject with a `debug()` probe of its own and a
/// subscriber counting what arrives. Used by one thread at a time.
final class ProbeLane {
    private let subject = PublishSubject<Int>()
    private var subscription: Disposable?
    private var received = 0

    init(name: String) {
        subscription = subject.debug(name).subscribe(onNext: { _ in self.received &+= 1 })
    }

    /// Sends `events` events.
    func send(_ events: Int) {
        for value in 0..<events { subject.onNext(value) }
    }

    /// Disposes the subscription (which lets go of the lane) and returns the events received.
    func finish() -> Int {
        subscription?.dispose()
        subscription = nil
        return received
    }
}

/// One thread's share of `Ring.memcpy.*`: a 32 KiB chunk of records copied again and again
/// into its region, wrapping around. Used by one thread at a time.
final class CopyLane {
    private let source: UnsafeMutableRawPointer
    private let destination: UnsafeMutableRawPointer
    private let regionBytes: Int
    private var offset = 0
    /// Records copied so far.
    private(set) var copied = 0

    private static var chunkBytes: Int { RingWorkload.recordsPerCopy * RingWorkload.recordBytes }

    /// Allocates the source chunk and the destination region and touches every page of both,
    /// so that no page fault is measured.
    ///
    /// - Parameter regionBytes: The destination's size, a multiple of 32 KiB.
    init(regionBytes: Int) {
        precondition(regionBytes % Self.chunkBytes == 0, "the region holds whole chunks")
        self.regionBytes = regionBytes
        source = .allocate(byteCount: Self.chunkBytes, alignment: 64)
        for index in 0..<(Self.chunkBytes / 8) {
            source.storeBytes(of: UInt64(index) &* 0x9E37_79B9_7F4A_7C15, toByteOffset: index * 8, as: UInt64.self)
        }
        destination = .allocate(byteCount: regionBytes, alignment: 64)
        memset(destination, 0, regionBytes)
    }

    deinit {
        source.deallocate()
        destination.deallocate()
    }

    /// Copies `records` records of 32 bytes.
    func copy(records: Int) {
        var remaining = records * RingWorkload.recordBytes
        while remaining > 0 {
            let step = min(remaining, Self.chunkBytes, regionBytes - offset)
            memcpy(destination + offset, source, step)
            offset += step
            if offset == regionBytes { offset = 0 }
            remaining -= step
        }
        copied += records
    }
}
