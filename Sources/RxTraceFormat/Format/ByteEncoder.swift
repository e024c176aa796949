/// Appends little-endian values to a byte array: the metadata sections are built with it.
struct ByteEncoder {
    /// The bytes so far.
    private(set) var bytes: [UInt8] = []

    /// Appends a fixed-width integer, little-endian.
    mutating func append<Value: FixedWidthInteger>(_ value: Value) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    /// Appends raw bytes.
    mutating func append(bytes more: some Collection<UInt8>) {
        bytes.append(contentsOf: more)
    }

    /// Appends a section: its header (kind, CRC-32 of the payload, payload length), then the
    /// payload.
    mutating func appendSection(_ kind: TraceSectionKind, payload: [UInt8]) {
        append(kind.rawValue)
        append(CRC32.checksum(payload))
        append(UInt64(payload.count))
        append(bytes: payload)
    }
}
