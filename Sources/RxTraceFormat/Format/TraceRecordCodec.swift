/// The 32-byte encoding of a record, as `docs/trace-format.md` specifies it: four
/// little-endian 64-bit words, the third packing the probe, the thread and the two kinds.
///
/// | bytes | field |
/// |---|---|
/// | 0..<8 | timestamp (u64) |
/// | 8..<16 | subscription (u64) |
/// | 16..<20 | probe (u32) |
/// | 20..<22 | thread (u16) |
/// | 22 | event kind (u8) |
/// | 23 | value kind (u8) |
/// | 24..<32 | value (u64) |
enum TraceRecordCodec {
    /// Stores `record` into the 32 bytes at `destination` (any alignment).
    @inline(__always)
    static func encode(_ record: TraceRecord, to destination: UnsafeMutableRawPointer) {
        let packed =
            UInt64(record.probe) | UInt64(record.thread) << 32 | UInt64(record.kind.rawValue) << 48
            | UInt64(record.valueKind.rawValue) << 56
        destination.storeBytes(of: record.timestamp.littleEndian, toByteOffset: 0, as: UInt64.self)
        destination.storeBytes(of: record.subscription.littleEndian, toByteOffset: 8, as: UInt64.self)
        destination.storeBytes(of: packed.littleEndian, toByteOffset: 16, as: UInt64.self)
        destination.storeBytes(of: record.value.littleEndian, toByteOffset: 24, as: UInt64.self)
    }

    /// Reads the record in the 32 bytes at `source` (any alignment); `nil` when its event kind
    /// or value kind is not one this version knows.
    @inline(__always)
    static func decode(from source: UnsafeRawPointer) -> TraceRecord? {
        let packed = UInt64(littleEndian: source.loadUnaligned(fromByteOffset: 16, as: UInt64.self))
        guard let kind = TraceEventKind(rawValue: UInt8(truncatingIfNeeded: packed >> 48)),
            let valueKind = TraceValueKind(rawValue: UInt8(truncatingIfNeeded: packed >> 56))
        else { return nil }
        return TraceRecord(
            timestamp: UInt64(littleEndian: source.loadUnaligned(fromByteOffset: 0, as: UInt64.self)),
            subscription: UInt64(littleEndian: source.loadUnaligned(fromByteOffset: 8, as: UInt64.self)),
            probe: UInt32(truncatingIfNeeded: packed),
            thread: UInt16(truncatingIfNeeded: packed >> 32),
            kind: kind,
            valueKind: valueKind,
            value: UInt64(littleEndian: source.loadUnaligned(fromByteOffset: 24, as: UInt64.self))
        )
    }

    /// Why the record at `source` does not decode: its unknown event kind or value kind.
    static func kindProblem(at source: UnsafeRawPointer, index: UInt64) -> String {
        let kind = source.load(fromByteOffset: 22, as: UInt8.self)
        if TraceEventKind(rawValue: kind) == nil {
            return "record \(index) has unknown event kind \(kind)"
        }
        let valueKind = source.load(fromByteOffset: 23, as: UInt8.self)
        return "record \(index) has unknown value kind \(valueKind)"
    }
}

/// The sizes of the tables records and metadata refer to, and the checks of those references.
struct TraceReferenceBounds {
    /// The number of strings.
    let strings: Int
    /// The number of probes.
    let probes: Int
    /// The number of threads.
    let threads: Int

    /// Why `record` is not valid against these tables, or `nil` when it is.
    ///
    /// - Parameter index: The record's position in the file, for the message.
    @inline(__always)
    func problem(with record: TraceRecord, index: UInt64) -> String? {
        if Int(record.probe) < probes, Int(record.thread) < threads {
            switch record.valueKind {
            case .none, .int, .uint, .double:
                return nil
            case .bool where record.value <= 1:
                return nil
            case .string where record.value < UInt64(strings):
                return nil
            case .disposalReason where TraceDisposalReason(rawValue: record.value) != nil:
                return nil
            default:
                break
            }
        }
        return slowProblem(with: record, index: index)
    }

    /// The message for an invalid record.
    private func slowProblem(with record: TraceRecord, index: UInt64) -> String {
        if Int(record.probe) >= probes {
            return "record \(index) refers to probe \(record.probe), but the trace has \(probes) probes"
        }
        if Int(record.thread) >= threads {
            return "record \(index) refers to thread \(record.thread), but the trace has \(threads) threads"
        }
        switch record.valueKind {
        case .bool:
            return "record \(index) has Boolean value \(record.value), which is neither 0 nor 1"
        case .string:
            return "record \(index) refers to string \(record.value), but the string table has \(strings) strings"
        case .disposalReason:
            return "record \(index) has unknown disposal reason \(record.value)"
        case .none, .int, .uint, .double:
            return "record \(index) is invalid"
        }
    }

    /// Why string index `index` is out of range, or `nil` when it is in range.
    ///
    /// - Parameter what: The field that holds the index, such as `probe 3's file`.
    func stringProblem(_ index: UInt32, _ what: @autoclosure () -> String) -> String? {
        Int(index) < strings ? nil : "\(what()) refers to string \(index), but the string table has \(strings) strings"
    }

    /// Why probe index `index` is out of range, or `nil` when it is in range.
    func probeProblem(_ index: UInt32, _ what: @autoclosure () -> String) -> String? {
        Int(index) < probes ? nil : "\(what()) refers to probe \(index), but the trace has \(probes) probes"
    }

    /// Why thread index `index` is out of range, or `nil` when it is in range.
    func threadProblem(_ index: UInt16, _ what: @autoclosure () -> String) -> String? {
        Int(index) < threads ? nil : "\(what()) refers to thread \(index), but the trace has \(threads) threads"
    }
}
