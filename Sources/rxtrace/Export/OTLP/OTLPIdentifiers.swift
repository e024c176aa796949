import RxTraceFormat

/// Trace and span ids derived from the trace file itself, so that exporting the same file twice
/// gives the same ids (a collector then deduplicates a re-sent batch instead of doubling it).
///
/// Swift's `Hasher` is seeded per process, so the ids come from FNV-1a and a SplitMix64 mix,
/// which are the same everywhere.
struct OTLPIdentifiers {
    /// The seed all ids of this file derive from.
    private let seed: UInt64

    /// Ids for the trace that `header` describes: its process, start and dump moment.
    init(header: TraceHeader) {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ bytes: some Sequence<UInt8>) {
            for byte in bytes {
                hash ^= UInt64(byte)
                hash = hash &* 0x0000_0100_0000_01b3
            }
        }
        mix(header.processName.utf8)
        for value in [UInt64(UInt32(bitPattern: header.processID)), UInt64(bitPattern: header.startWallClock), header.dumpTimestamp] {
            mix((0..<8).map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) })
        }
        seed = hash
    }

    private static func splitMix(_ value: UInt64) -> UInt64 {
        var z = value &+ 0x9e37_79b9_7f4a_7c15
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// The trace id: 16 bytes as 32 hex digits, never all zero.
    var traceID: String {
        let high = Self.splitMix(seed)
        let low = Self.splitMix(high ^ seed)
        return Self.hex(high) + Self.hex(low == 0 && high == 0 ? 1 : low)
    }

    /// The id of the span that stands for the whole trace.
    var rootSpanID: String { spanID(0, salt: 0x726f_6f74) }

    /// The span id of `subscription`: 8 bytes as 16 hex digits, never all zero.
    func subscriptionSpanID(_ subscription: UInt64) -> String { spanID(subscription, salt: 0x7375_6273) }

    private func spanID(_ value: UInt64, salt: UInt64) -> String {
        let id = Self.splitMix(Self.splitMix(seed ^ salt) ^ value)
        return Self.hex(id == 0 ? 1 : id)
    }
}
