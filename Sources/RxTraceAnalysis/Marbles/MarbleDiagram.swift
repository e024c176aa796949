import RxTraceFormat

/// The subscriptions of one probe drawn as text marble diagrams, in the notation of the
/// reference documents: one line per subscription, time running left to right.
///
/// ```text
/// numbers  App/Main.swift:12  2 subscriptions over 40 ns, 1 column ≈ 1 ns
/// #1  ----------1---------2---------3---------|
/// #2            -----a--------X
/// ```
///
/// The symbols (also in ``legend``):
/// - `-` time passing while subscribed; nothing before the subscription,
/// - an element's text, cut with `…` to the share of the width it gets (the values of a
///   line with a cut one are then listed in full below the diagram),
/// - `|` completed, `X` failed,
/// - `!` disposed before it ended,
/// - `>` still open at the end of the trace,
/// - `(a,b)` elements that fall into the same column, `(×12)` twelve of them, and `(-2)` an
///   element whose text holds one of these symbols.
///
/// A diagram is built from streamed records with a ``Builder``, which keeps a bounded number
/// of subscriptions per probe and of elements per subscription (``Limits``) and counts the
/// rest; ``render(width:valueWidth:)`` says what was left out.
public struct MarbleDiagram: Sendable, Hashable {
    /// The probe's index in the trace's probe table.
    public var probe: Int
    /// The probe's identifier.
    public var identifier: String
    /// The probe's file.
    public var file: String
    /// The probe's line.
    public var line: Int
    /// The subscriptions kept, in the order they first appeared.
    public var subscriptions: [MarbleSubscription]
    /// Subscriptions that subscribed after the limit was reached: counted, not kept.
    public var droppedSubscriptions: Int
    /// The limits the diagram was built with.
    public var limits: Limits

    /// What the symbols mean, in one line.
    public static let legend =
        "- time  | completed  X error  ! disposed early  > still open  (a,b) same column  (×n) n elements in one column  (-2) one element"

    /// Whether subscriptions or elements were left out.
    public var isTruncated: Bool {
        droppedSubscriptions > 0 || subscriptions.contains { $0.droppedElements > 0 }
    }

    /// Creates a diagram from its parts.
    public init(
        probe: Int,
        identifier: String,
        file: String,
        line: Int,
        subscriptions: [MarbleSubscription],
        droppedSubscriptions: Int = 0,
        limits: Limits = Limits()
    ) {
        self.probe = probe
        self.identifier = identifier
        self.file = file
        self.line = line
        self.subscriptions = subscriptions
        self.droppedSubscriptions = droppedSubscriptions
        self.limits = limits
    }

    /// The diagrams of a trace whose records fit in a sequence, one per probe (or per probe
    /// in `probes`), in the order of the probe table.
    ///
    /// - Parameters:
    ///   - file: The trace's metadata.
    ///   - records: The trace's records, in file order.
    ///   - limits: How much to keep per probe.
    ///   - probes: The indices of the probes to draw; all when `nil`.
    public static func diagrams<Records: Sequence<TraceRecord>>(
        file: TraceFile,
        records: Records,
        limits: Limits = Limits(),
        probes: Set<Int>? = nil
    ) -> [MarbleDiagram] {
        var builder = Builder(file: file, limits: limits, probes: probes)
        for record in records {
            builder.accumulate(record)
        }
        return builder.finish()
    }
}
