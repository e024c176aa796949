#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The ring buffer capacities a traced program accepts: from 1 record to the records that fit
/// in a quarter of the machine's memory (32 bytes each), and never more than 2^30 records (32
/// GiB). The same bound for the runtime, which refuses a larger `RXTRACE_CAPACITY` and runs
/// untraced, and for `rxtrace record`, which refuses a larger `--capacity` before it starts the
/// program, so that tracing never asks for memory the machine cannot give.
package enum TraceCapacity {
    /// The most records whatever the machine: 2^30 (32 GiB of records).
    package static let hardMaximum = 1 << 30

    /// The most records on this machine: a quarter of its physical memory (or of the control
    /// group's memory limit, when that is lower) in records of 32 bytes, at most ``hardMaximum``.
    package static let maximum: Int = {
        let quarter = machineMemory() / 4 / UInt64(TraceRecord.encodedSize)
        // Whole mebirecords, so that the bound reads exactly as a value one could give.
        let rounded = quarter >= 1 << 20 ? quarter & ~(1 << 20 - 1) : max(quarter, 1)
        return Int(min(UInt64(hardMaximum), rounded))
    }()

    /// Why a ring of `capacity` records cannot be had here, or `nil` when it can.
    package static func problem(with capacity: Int) -> String? {
        guard capacity > maximum else { return nil }
        return "more than the \(text(maximum)) records (32 bytes each) tracing may take on this machine"
    }

    /// A count as `RXTRACE_CAPACITY` would write it: `1m`, `64k`, or the number.
    package static func text(_ count: Int) -> String {
        if count >= 1 << 20, count & (1 << 20 - 1) == 0 { return "\(count >> 20)m" }
        if count >= 1 << 10, count & (1 << 10 - 1) == 0 { return "\(count >> 10)k" }
        return "\(count)"
    }

    /// The bytes of physical memory, or the control group's limit when lower.
    private static func machineMemory() -> UInt64 {
        let pages = sysconf(Int32(_SC_PHYS_PAGES))
        let pageSize = sysconf(Int32(_SC_PAGESIZE))
        var memory = pages > 0 && pageSize > 0 ? UInt64(pages) &* UInt64(pageSize) : UInt64(1) << 32
        for path in ["/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"] {
            if let limit = number(inFile: path), limit > 0 {
                memory = min(memory, limit)
            }
        }
        return memory
    }

    /// The decimal number a small file holds (`max` and anything else is `nil`).
    private static func number(inFile path: String) -> UInt64? {
        guard let descriptor = try? SystemFile.openForReading(path) else { return nil }
        defer { try? SystemFile.close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: 32)
        guard
            let count = try? bytes.withUnsafeMutableBytes({ buffer throws(SystemFile.Failure) in
                try SystemFile.read(descriptor, into: buffer.baseAddress!, count: buffer.count, at: 0)
            }), count > 0
        else { return nil }
        let digits = bytes[0..<count].prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        return UInt64(String(decoding: digits, as: UTF8.self))
    }
}
