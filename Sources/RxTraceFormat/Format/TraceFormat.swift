/// The constants of the version 1 encoding, as `docs/trace-format.md` specifies them.
enum TraceFormat {
    /// The eight bytes every trace file starts with: `0x89` (not ASCII, not a valid first
    /// UTF-8 byte) then `RXTRACE`.
    static let magic: [UInt8] = [0x89, 0x52, 0x58, 0x54, 0x52, 0x41, 0x43, 0x45]
    /// The major version written and the newest one read.
    static let majorVersion: UInt16 = TraceFile.formatVersion
    /// The newest minor version written: 2 when the file has a resource samples section, 1
    /// when it has only a probe totals section, else 0 (a version 1.0 file). Readers of major
    /// version 1 read every minor version.
    static let minorVersion: UInt16 = 2
    /// The minor version of a file without the sections that version 1.1 added.
    static let baseMinorVersion: UInt16 = 0
    /// The first minor version with the probe totals section: from it on, every file has one.
    static let probeTotalsMinorVersion: UInt16 = 1
    /// The first minor version with the resource samples section: from it on, every file has one.
    static let resourceSamplesMinorVersion: UInt16 = 2
    /// The smallest size of one resource sample: timestamp, total and the count of type counts.
    static let resourceSampleFixedSize = 20
    /// The size of one probe's entry in the probe totals section: five u64 counts.
    static let probeTotalsEntrySize = 40
    /// The size of the file header: magic, major, minor, flags, CRC-32.
    static let fileHeaderSize = 20
    /// The size of a section header: kind (u32), CRC-32 (u32), payload length (u64).
    static let sectionHeaderSize = 16
    /// The fixed part of the records section's payload: record count (u64), records per
    /// block (u32). The records section's CRC covers only these bytes.
    static let recordsPrefixSize = 12
    /// The size of a block header: record count (u32), CRC-32 of the records (u32).
    static let blockHeaderSize = 8
    /// The payload length of the end section: the file's total size (u64).
    static let endPayloadSize = 8
    /// The size of the header section's fixed fields, before the process name's bytes.
    static let headerFixedSize = 60
}

/// Section kinds as stored in a section header.
enum TraceSectionKind: UInt32, CaseIterable {
    case header = 1
    case strings = 2
    case probes = 3
    case threads = 4
    case marks = 5
    case openSubscriptions = 6
    case sites = 7
    case records = 8
    case end = 9
    /// Added in version 1.1, between the sites and the records; optional.
    case probeTotals = 10
    case siteSubscriptions = 13
    /// Added in version 1.2, after the probe totals and before the records.
    case resourceSamples = 11

    /// The section in error messages.
    var section: TraceFileSection {
        switch self {
        case .header: .header
        case .strings: .strings
        case .probes: .probes
        case .threads: .threads
        case .marks: .marks
        case .openSubscriptions: .openSubscriptions
        case .sites: .sites
        case .records: .records
        case .end: .end
        case .probeTotals: .probeTotals
        case .siteSubscriptions: .siteSubscriptions
        case .resourceSamples: .resourceSamples
        }
    }

    /// The metadata sections, in the order a file holds them.
    static let metadataOrder: [TraceSectionKind] = [
        .header, .strings, .probes, .threads, .marks, .openSubscriptions, .sites,
    ]
}

/// How ``TraceSiteCapture`` is stored: a byte and a sampling period.
enum TraceSiteCaptureCode: UInt8 {
    case off = 0
    case sampled = 1
    case all = 2
}
