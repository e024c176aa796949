/// One lifecycle step of one subscription seen by a probe: the hot, fixed-size unit of a trace.
///
/// In memory and in the file a record takes exactly ``TraceRecord/encodedSize`` bytes, so the
/// ring buffer never allocates and a reader can seek by index. Everything variable (the probe's
/// name, the text of an element or an error) lives in the trace's string table and is referred
/// to by index.
public struct TraceRecord: Hashable, Sendable {
    /// The size of one encoded record in bytes.
    public static let encodedSize = 32

    /// Nanoseconds since the trace started, on a monotonic clock.
    public var timestamp: UInt64
    /// The subscription, unique within the process for the life of the trace.
    public var subscription: UInt64
    /// The index of the probe in ``TraceFile/probes``.
    public var probe: UInt32
    /// The index of the thread in ``TraceFile/threads``.
    public var thread: UInt16
    /// What happened.
    public var kind: TraceEventKind
    /// How to read ``value``.
    public var valueKind: TraceValueKind
    /// The element's summary, the error's description or the reason for a disposal, as
    /// ``valueKind`` says.
    public var value: UInt64

    /// Creates a record from its fields.
    public init(
        timestamp: UInt64,
        subscription: UInt64,
        probe: UInt32,
        thread: UInt16,
        kind: TraceEventKind,
        valueKind: TraceValueKind = .none,
        value: UInt64 = 0
    ) {
        self.timestamp = timestamp
        self.subscription = subscription
        self.probe = probe
        self.thread = thread
        self.kind = kind
        self.valueKind = valueKind
        self.value = value
    }
}

/// The lifecycle steps a probe records.
public enum TraceEventKind: UInt8, Hashable, Sendable, CaseIterable {
    /// An observer subscribed through the probe.
    case subscribed = 1
    /// An element went through.
    case next = 2
    /// The sequence failed; the value is the error's description.
    case error = 3
    /// The sequence completed.
    case completed = 4
    /// The subscription was disposed; the value is a ``TraceDisposalReason``.
    case disposed = 5
}

/// Why a subscription was disposed, stored in a ``TraceEventKind/disposed`` record.
public enum TraceDisposalReason: UInt64, Hashable, Sendable, CaseIterable {
    /// The probe does not know.
    case unknown = 0
    /// After the sequence completed.
    case completed = 1
    /// After the sequence failed.
    case errored = 2
    /// Before the sequence ended: the subscriber let go early.
    case early = 3
}

/// How the 64-bit value of a record is to be read.
public enum TraceValueKind: UInt8, Hashable, Sendable, CaseIterable {
    /// No value (subscriptions, completions).
    case none = 0
    /// A signed integer, two's complement.
    case int = 1
    /// An unsigned integer.
    case uint = 2
    /// An IEEE 754 double, by its bit pattern.
    case double = 3
    /// A Boolean: 0 or 1.
    case bool = 4
    /// The index of a text in ``TraceFile/strings``: a description, possibly truncated.
    case string = 5
    /// A ``TraceDisposalReason`` raw value.
    case disposalReason = 6
}
