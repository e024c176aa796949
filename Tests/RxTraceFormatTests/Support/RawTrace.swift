@testable import RxTraceFormat

/// A trace file taken apart into its file header and sections, to build altered or hostile
/// files: edit a payload, insert a section, then put it back together with checksums that
/// match (or not).
struct RawTrace {
    struct Section {
        var kind: UInt32
        var checksum: UInt32
        var payload: [UInt8]
        /// Where the section started in the parsed file.
        var offset: Int
    }

    var fileHeader: [UInt8]
    var sections: [Section]

    /// Parses a whole, valid trace file's framing.
    init(_ bytes: [UInt8]) {
        fileHeader = Array(bytes[0..<20])
        sections = []
        var offset = 20
        while offset < bytes.count {
            let kind = bytes.loadLittleEndian(UInt32.self, at: offset)
            let checksum = bytes.loadLittleEndian(UInt32.self, at: offset + 4)
            let length = Int(bytes.loadLittleEndian(UInt64.self, at: offset + 8))
            let payload = Array(bytes[(offset + 16)..<(offset + 16 + length)])
            sections.append(Section(kind: kind, checksum: checksum, payload: payload, offset: offset))
            offset += 16 + length
        }
    }

    /// The section of `kind`.
    func section(_ kind: TraceSectionKind) -> Section {
        sections.first { $0.kind == kind.rawValue }!
    }

    /// The index of the section of `kind`.
    func index(of kind: TraceSectionKind) -> Int {
        sections.firstIndex { $0.kind == kind.rawValue }!
    }

    /// Replaces the payload of the section of `kind`.
    mutating func setPayload(_ kind: TraceSectionKind, _ payload: [UInt8]) {
        sections[index(of: kind)].payload = payload
    }

    /// The CRC-32 a section of `kind` with `payload` must carry.
    static func checksum(kind: UInt32, payload: [UInt8]) -> UInt32 {
        if kind == TraceSectionKind.records.rawValue {
            return CRC32.checksum(Array(payload.prefix(12)))
        }
        return CRC32.checksum(payload)
    }

    /// The file's bytes. With `fixingChecksums`, every checksum (the file header's included)
    /// is recomputed and the end section's file size is updated.
    func bytes(fixingChecksums: Bool = true) -> [UInt8] {
        var output = fileHeader
        if fixingChecksums {
            output.replaceSubrange(16..<20, with: le(CRC32.checksum(Array(output[0..<16]))))
        }
        for section in sections {
            var payload = section.payload
            if fixingChecksums && section.kind == TraceSectionKind.end.rawValue && payload.count == 8 {
                payload = le(UInt64(output.count + 16 + 8))
            }
            let checksum = fixingChecksums ? Self.checksum(kind: section.kind, payload: payload) : section.checksum
            output += le(section.kind) + le(checksum) + le(UInt64(payload.count)) + payload
        }
        return output
    }
}

/// The little-endian bytes of `value`.
func le<Value: FixedWidthInteger>(_ value: Value) -> [UInt8] {
    withUnsafeBytes(of: value.littleEndian) { Array($0) }
}
