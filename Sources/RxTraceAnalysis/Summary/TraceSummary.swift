import RxTraceFormat

/// Everything `rxtrace report` says about a trace: the process, what went through each probe,
/// the marks as a timeline, the subscriptions still open at the end, the errors and the leak
/// verdict.
///
/// Built by streaming the records once through a ``Builder``, in memory that grows with the
/// number of probes and open subscriptions, never with the number of records:
///
/// ```swift
/// var builder = TraceSummary.Builder(file: metadata)
/// for record in records {
///     builder.accumulate(record)
/// }
/// let summary = builder.finish()
/// ```
///
/// Its JSON form (``jsonText(pretty:)``) is the stable schema of `rxtrace report --format json`,
/// described field by field in `docs/report-json.md`.
public struct TraceSummary: Sendable, Hashable, Codable {
    /// The version of the JSON schema this type writes. It grows only when a field changes
    /// meaning or goes away; new fields may appear within a version.
    public static let currentSchemaVersion = 1

    /// The version of the JSON schema (``currentSchemaVersion`` when made by this code).
    public var schemaVersion: Int
    /// The process and the trace.
    public var process: ProcessSummary
    /// One entry per probe, in the order of the trace's probe table.
    public var probes: [ProbeSummary]
    /// The marks in time order.
    public var marks: [MarkSummary]
    /// The leak verdict over the marks (``LeakAnalysis/analyze(trace:warmUpMarks:allowedGrowth:)``).
    public var leak: LeakReport
    /// The subscriptions open when the trace was written, the oldest first.
    public var openSubscriptions: [OpenSubscriptionSummary]
    /// The first errors, in record order (at most the builder's error limit).
    public var errors: [ErrorSummary]
    /// The errors beyond the limit, counted but not kept.
    public var errorsOmitted: Int
    /// Records that name a probe the trace does not have; they are skipped.
    public var invalidRecords: Int
    /// Whether the summary covers only part of the file because the file is truncated or
    /// damaged (see ``damage``).
    public var partial: Bool
    /// What is wrong with the file, when ``partial``.
    public var damage: TraceDamage?

    /// Creates a summary from its parts.
    public init(
        schemaVersion: Int = TraceSummary.currentSchemaVersion,
        process: ProcessSummary,
        probes: [ProbeSummary],
        marks: [MarkSummary],
        leak: LeakReport,
        openSubscriptions: [OpenSubscriptionSummary],
        errors: [ErrorSummary],
        errorsOmitted: Int,
        invalidRecords: Int,
        damage: TraceDamage? = nil
    ) {
        self.schemaVersion = schemaVersion
        self.process = process
        self.probes = probes
        self.marks = marks
        self.leak = leak
        self.openSubscriptions = openSubscriptions
        self.errors = errors
        self.errorsOmitted = errorsOmitted
        self.invalidRecords = invalidRecords
        self.partial = damage != nil
        self.damage = damage
    }

    /// Summarizes a trace whose records fit in a sequence.
    ///
    /// - Parameters:
    ///   - file: The trace's metadata.
    ///   - records: The trace's records, in file order.
    ///   - options: The error limit and the leak check's parameters.
    public init<Records: Sequence<TraceRecord>>(file: TraceFile, records: Records, options: Options = Options()) {
        var builder = Builder(file: file, options: options)
        for record in records {
            builder.accumulate(record)
        }
        self = builder.finish()
    }

    private enum CodingKeys: String, CodingKey {
        case schemaVersion, process, probes, marks, leak, openSubscriptions, errors, errorsOmitted, invalidRecords
        case partial, damage
    }

    /// Reads a summary from its JSON; `partial` and `damage`, added within schema version 1,
    /// may be missing (a whole trace).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        schemaVersion = try container.decode(Int.self, forKey: .schemaVersion)
        process = try container.decode(ProcessSummary.self, forKey: .process)
        probes = try container.decode([ProbeSummary].self, forKey: .probes)
        marks = try container.decode([MarkSummary].self, forKey: .marks)
        leak = try container.decode(LeakReport.self, forKey: .leak)
        openSubscriptions = try container.decode([OpenSubscriptionSummary].self, forKey: .openSubscriptions)
        errors = try container.decode([ErrorSummary].self, forKey: .errors)
        errorsOmitted = try container.decode(Int.self, forKey: .errorsOmitted)
        invalidRecords = try container.decode(Int.self, forKey: .invalidRecords)
        damage = try container.decodeIfPresent(TraceDamage.self, forKey: .damage)
        partial = try container.decodeIfPresent(Bool.self, forKey: .partial) ?? (damage != nil)
    }
}
