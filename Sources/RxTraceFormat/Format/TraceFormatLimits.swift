/// The largest sizes a version 1 trace file may declare.
///
/// A reader rejects a file that declares more (``TraceFileError/invalidValue(path:section:offset:problem:)``)
/// before allocating anything for it, and ``TraceFileWriter`` refuses to write such a file
/// (``TraceFileError/invalidInput(path:problem:)``). Every length is also checked against the
/// bytes left in the file, so memory never exceeds the file's size. `docs/trace-format.md`
/// lists the same numbers.
public enum TraceFormatLimits {
    /// The most entries in the string table: 16,777,216.
    public static let maxStrings = 1 << 24
    /// The longest string, the process name included, in UTF-8 bytes: 1 MiB.
    public static let maxStringLength = 1 << 20
    /// The most probes: 16,777,216.
    public static let maxProbes = 1 << 24
    /// The most threads: 65,536, since records refer to threads by a 16-bit index.
    public static let maxThreads = 1 << 16
    /// The most marks: 16,777,216.
    public static let maxMarks = 1 << 24
    /// The most per-type counts in one mark or one site: 65,536.
    public static let maxTypeCounts = 1 << 16
    /// The most open subscriptions: 16,777,216.
    public static let maxOpenSubscriptions = 1 << 24
    /// The most resource samples: 16,777,216.
    public static let maxResourceSamples = 1 << 24
    /// The most allocation sites: 16,777,216.
    public static let maxSites = 1 << 24
    /// The most frames in one site's stack: 4,096.
    public static let maxFramesPerSite = 1 << 12
    /// The longest payload of a section other than the records section: 1 GiB.
    public static let maxSectionLength = 1 << 30
    /// The most records in one block of the records section, and the number this package
    /// writes in every block but the last: 4,096 (128 KiB of records).
    public static let maxRecordsPerBlock = 4096
    /// The most records in a file: 2^40.
    public static let maxRecords: UInt64 = 1 << 40
}
