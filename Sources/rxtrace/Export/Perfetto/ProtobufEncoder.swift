/// Protocol Buffers' binary wire format, just the parts an exporter needs: varints, 64-bit
/// doubles, strings and nested messages, appended to a byte buffer.
///
/// Written by hand so that the tool needs no protobuf runtime or code generator; the tests
/// parse the output with the official generated code instead.
struct ProtobufEncoder {
    /// The encoded bytes so far.
    private(set) var bytes: [UInt8] = []

    /// Wire types of the encoding.
    private enum WireType: UInt64 {
        case varint = 0
        case fixed64 = 1
        case lengthDelimited = 2
    }

    private mutating func key(_ field: UInt32, _ type: WireType) {
        appendVarint(UInt64(field) << 3 | type.rawValue)
    }

    private mutating func appendVarint(_ value: UInt64) {
        var rest = value
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    /// An unsigned integer field (`uint32`, `uint64`, `bool`, an enum).
    mutating func uint(_ field: UInt32, _ value: UInt64) {
        key(field, .varint)
        appendVarint(value)
    }

    /// A signed integer field of type `int32` or `int64` (two's complement, ten bytes when
    /// negative, as the format requires).
    mutating func int(_ field: UInt32, _ value: Int64) {
        key(field, .varint)
        appendVarint(UInt64(bitPattern: value))
    }

    /// A `bool` field.
    mutating func bool(_ field: UInt32, _ value: Bool) {
        uint(field, value ? 1 : 0)
    }

    /// A `double` field.
    mutating func double(_ field: UInt32, _ value: Double) {
        key(field, .fixed64)
        var bits = value.bitPattern
        for _ in 0..<8 {
            bytes.append(UInt8(truncatingIfNeeded: bits))
            bits >>= 8
        }
    }

    /// A `string` field, UTF-8.
    mutating func string(_ field: UInt32, _ value: String) {
        key(field, .lengthDelimited)
        appendVarint(UInt64(value.utf8.count))
        bytes.append(contentsOf: value.utf8)
    }

    /// A `bytes` field, or a nested message already encoded.
    mutating func embedded(_ field: UInt32, _ value: [UInt8]) {
        key(field, .lengthDelimited)
        appendVarint(UInt64(value.count))
        bytes.append(contentsOf: value)
    }

    /// A nested message field whose content `body` encodes.
    mutating func message(_ field: UInt32, _ body: (inout ProtobufEncoder) -> Void) {
        var nested = ProtobufEncoder()
        body(&nested)
        key(field, .lengthDelimited)
        appendVarint(UInt64(nested.bytes.count))
        bytes.append(contentsOf: nested.bytes)
    }

    /// Forgets the bytes, keeping the buffer's capacity for the next message.
    mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
    }
}
