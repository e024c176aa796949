import CRxTrace
internal import RxTraceFormat

/// One thread's event counts per probe, kept outside the ring buffer so that a probe's counts
/// stay exact when the ring overwrites its oldest records.
///
/// Only the owning thread counts, with a relaxed load and store (no read-modify-write: no
/// other thread writes a count), which costs about as much as a plain increment. A snapshot
/// reads the counts with relaxed loads while the thread goes on counting. When a probe index
/// is beyond the table, the owning thread swaps in a larger one under ``lock``, which a
/// snapshot holds while it reads, so it never reads freed memory.
// @unchecked: other threads read the table only by atomic loads under `lock`; its owner swaps it.
final class TraceProbeCounters: @unchecked Sendable {
    /// The counts kept per probe: one per event kind.
    private static let kinds = TraceEventKind.allCases.count

    private let lock = Lock()
    @exclusivity(unchecked) private var words: UnsafeMutablePointer<UInt64>
    @exclusivity(unchecked) private var probeCapacity: Int

    init() {
        probeCapacity = 16
        words = .allocate(capacity: probeCapacity * Self.kinds)
        words.initialize(repeating: 0, count: probeCapacity * Self.kinds)
    }

    deinit {
        words.deallocate()
    }

    /// Counts one event of `kind` through `probe`; called only by the owning thread.
    @inline(__always)
    func count(probe: UInt32, kind: TraceEventKind) {
        let index = Int(probe)
        if index >= probeCapacity {
            grow(toHold: index)
        }
        let word = words + index * Self.kinds + Int(kind.rawValue &- 1)
        rxtrace_store_relaxed(word, rxtrace_load_relaxed(word) &+ 1)
    }

    /// Replaces the table with one that holds probe `index`, keeping the counts.
    private func grow(toHold index: Int) {
        var capacity = probeCapacity
        while capacity <= index {
            capacity *= 2
        }
        let fresh = UnsafeMutablePointer<UInt64>.allocate(capacity: capacity * Self.kinds)
        fresh.initialize(repeating: 0, count: capacity * Self.kinds)
        let old = words
        let oldCount = probeCapacity * Self.kinds
        lock.locked {
            for offset in 0..<oldCount {
                fresh[offset] = rxtrace_load_relaxed(old + offset)
            }
            words = fresh
            probeCapacity = capacity
        }
        old.deallocate()
    }

    /// Adds this thread's counts to `totals`, one entry per probe.
    func add(to totals: inout [TraceProbeTotals]) {
        lock.locked {
            for probe in 0..<min(probeCapacity, totals.count) {
                for kind in TraceEventKind.allCases {
                    let word = words + probe * Self.kinds + Int(kind.rawValue &- 1)
                    totals[probe][kind] &+= rxtrace_load_relaxed(word)
                }
            }
        }
    }
}
