import RxTraceFormat

/// What was wrong with a trace file that could be read only in part: the summary built from
/// it covers the metadata and the records before the damage.
///
/// A report of a damaged file says so in every format, so that a partial picture is never
/// taken for a whole one.
public struct TraceDamage: Sendable, Hashable, Codable {
    /// The kind of damage: `truncated` (the file ends early), `corrupted` (a checksum does not
    /// match), `invalid` (a value the format does not allow) or `unreadable` (the system
    /// failed to read the file).
    public var kind: String
    /// The part of the file the damage is in: `fileHeader`, `header`, `strings`, `probes`,
    /// `threads`, `marks`, `openSubscriptions`, `sites`, `probeTotals`, `resourceSamples`, `records`, `end` or `unknown`.
    public var section: String
    /// Where the damage is, in bytes from the start of the file.
    public var offset: UInt64
    /// The records read (and summarized) before the damage.
    public var recordsRead: UInt64
    /// What is wrong and where, in one sentence for people (wording not stable).
    public var message: String

    /// Creates a damage description from its parts.
    public init(kind: String, section: String, offset: UInt64, recordsRead: UInt64, message: String) {
        self.kind = kind
        self.section = section
        self.offset = offset
        self.recordsRead = recordsRead
        self.message = message
    }

    /// The damage `error` describes, after `recordsRead` records were read.
    public init(_ error: TraceFileError, recordsRead: UInt64) {
        let kind: String
        var section = TraceFileSection.records
        var offset: UInt64 = 0
        switch error {
        case .truncated(_, let part, let at, _):
            kind = "truncated"
            section = part
            offset = at
        case .corrupted(_, let part, _, let at):
            kind = "corrupted"
            section = part
            offset = at
        case .invalidValue(_, let part, let at, _):
            kind = "invalid"
            section = part
            offset = at
        case .io, .notATrace, .newerVersion, .invalidInput:
            kind = "unreadable"
        }
        self.init(kind: kind, section: Self.name(of: section), offset: offset, recordsRead: recordsRead, message: error.description)
    }

    /// The stable name of a part of the file in the JSON.
    private static func name(of section: TraceFileSection) -> String {
        switch section {
        case .fileHeader: "fileHeader"
        case .header: "header"
        case .strings: "strings"
        case .probes: "probes"
        case .threads: "threads"
        case .marks: "marks"
        case .openSubscriptions: "openSubscriptions"
        case .sites: "sites"
        case .records: "records"
        case .end: "end"
        case .probeTotals: "probeTotals"
        case .siteSubscriptions: "siteSubscriptions"
        case .resourceSamples: "resourceSamples"
        case .unknown: "unknown"
        }
    }
}
