/// An entry of a metadata table (probes, threads, marks, open subscriptions, sites), described
/// once for the writer and the reader: its fields in file order and the references it holds.
///
/// Every table is a u32 count, then the entries one after another; the writer and the reader
/// each handle the count, its limit and the loop once for all tables, and ask the entry type
/// for the rest. Keeping an entry's write and read side by side keeps them in the same order.
protocol TraceTableEntry {
    /// The table as a whole: its section, name, limit and entry size.
    static var table: TraceTable { get }

    /// Why entry `index` refers to a string, probe or thread that the tables do not hold, or
    /// `nil` when every reference is in range.
    func referenceProblem(_ index: Int, bounds: TraceReferenceBounds) -> String?

    /// Appends entry `index`, whose references are already checked; checks what else it
    /// holds (the lengths of its lists) with `encoder`.
    func encode(_ index: Int, into payload: inout ByteEncoder, checkingWith encoder: TraceMetadataEncoder) throws

    /// Reads entry `index` and checks its references.
    init(_ index: Int, from payload: inout PayloadDecoder, bounds: TraceReferenceBounds) throws
}

/// What the writer and the reader need to know of a metadata table as a whole.
struct TraceTable {
    /// The section that holds the table.
    let section: TraceSectionKind
    /// The table's name in messages, plural: `probes`.
    let name: String
    /// The most entries the table may hold (one of the ``TraceFormatLimits``).
    let limit: Int
    /// The bytes of an entry's fixed part, with which the reader checks a count against the
    /// bytes left before it allocates anything.
    let fixedSize: Int
}
