import Dispatch
import Foundation
internal import RxTraceFormat

/// Takes the live resource counts at a fixed period, on a thread of its own, for as long as its
/// trace runs: the samples that let a trace without marks be judged for leaks (growth over
/// time), as RxSwift users did by printing `Resources.total` every second.
///
/// Nothing here touches the path of events: the thread sleeps between samples and reads the
/// same counters as ``Resources/snapshot()``. Memory is bounded: at most `capacity` samples are
/// kept; when a new one finds them all taken, every second one is dropped and the period
/// doubles, so the kept samples span the whole run at an even, coarser step.
final class TraceResourceSampler: Sendable {
    /// One sample, with its type names interned in the trace's string table.
    struct Sample {
        let ticks: UInt64
        let total: Int64
        let types: [TraceTypeCount]
    }

    private struct Store {
        var samples: [Sample] = []
        /// Samples taken since the start, kept or dropped.
        var taken: UInt64 = 0
        /// Seconds between two kept samples: the configured period, doubled at each thinning.
        var period: Double
        var stopped = false
    }

    /// The most samples kept.
    let capacity: Int
    private let store: LockedValue<Store>
    /// Signalled to end the thread's wait early, when the trace stops.
    private let wake = DispatchSemaphore(value: 0)

    /// A sampler every `period` seconds (`0` for none), keeping at most `capacity` samples.
    init(period: Double, capacity: Int = TraceConfiguration.maximumResourceSamples) {
        self.capacity = max(capacity, 2)
        store = LockedValue(Store(period: max(period, 0)))
    }

    /// Starts the sampling thread for `session`, unless the period is 0. The thread holds the
    /// session weakly and ends at ``stop()`` or when the session is gone.
    func start(for session: TraceSession) {
        guard store.withLock({ $0.period > 0 }) else { return }
        let thread = Thread { [weak session, self] in
            while let period = store.withLock({ $0.stopped ? nil : $0.period }) {
                // Woken early only by stop().
                if wake.wait(timeout: .now() + period) == .success { return }
                guard let strings = session?.strings else { return }
                record(Self.take(strings: strings))
            }
        }
        thread.name = "rxtrace.samples"
        thread.start()
    }

    /// Ends the sampling thread (at once, not at its next sample); the samples stay.
    func stop() {
        let first = store.withLock { store -> Bool in
            defer { store.stopped = true }
            return !store.stopped
        }
        if first { wake.signal() }
    }

    /// The live counts now, type names interned in `strings`; a total of −1 and no types
    /// without resource counting.
    static func take(strings: TraceStringTable) -> Sample {
        let ticks = TraceTimebase.now()
        guard Resources.isEnabled else { return Sample(ticks: ticks, total: -1, types: []) }
        let snapshot = Resources.snapshot()
        let types = snapshot.types.sorted { $0.key < $1.key }.map {
            TraceTypeCount(name: strings.intern($0.key), count: Int64($0.value))
        }
        return Sample(ticks: ticks, total: Int64(snapshot.total), types: types)
    }

    /// Keeps `sample`, thinning the kept ones first when they are all taken.
    func record(_ sample: Sample) {
        store.withLock { store in
            if store.samples.count >= capacity {
                store.samples = stride(from: 0, to: store.samples.count, by: 2).map { store.samples[$0] }
                store.period *= 2
            }
            store.samples.append(sample)
            store.taken += 1
        }
    }

    /// The samples section of a file written at `dumpTicks`: the kept samples up to then, and
    /// one taken for the dump (not kept), timestamps converted with `converter`. Empty, with a
    /// period of 0, when sampling is off.
    func contents(converter: TraceTimebase.Converter, dumpTicks: UInt64, strings: TraceStringTable) -> TraceResourceSamples {
        guard isSampling else { return TraceResourceSamples(period: 0, taken: 0, samples: []) }
        let taken = Self.take(strings: strings)
        let last = Sample(ticks: dumpTicks, total: taken.total, types: taken.types)
        let (kept, count, period) = store.withLock { ($0.samples, $0.taken, $0.period) }
        // A sample the thread took after the dump's moment would come after the dump.
        let all = kept.filter { $0.ticks <= dumpTicks } + [last]
        return TraceResourceSamples(
            period: UInt64((period * 1e9).rounded()),
            taken: count + 1,
            samples: all.map {
                TraceResourceSample(timestamp: converter.nanoseconds($0.ticks), resourcesTotal: $0.total, types: $0.types)
            }
        )
    }

    /// Samples taken so far by the thread, kept or dropped.
    var taken: Int { Int(store.withLock { $0.taken }) }

    /// Whether samples are taken at all.
    var isSampling: Bool { store.withLock { $0.period > 0 } }
}
