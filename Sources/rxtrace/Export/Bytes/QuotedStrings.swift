/// Texts already quoted as JSON string literals (``JSONEscaping``), kept as bytes so that a
/// text that recurs (a probe's name, a thread's, an element's description in the string
/// table) is escaped once per export, not once per record.
///
/// The texts are kept end to end in one array; each entry is found by its index. Entries are
/// either all given at the start (probe and thread names) or quoted on first use (the string
/// table, of which an export may use only a little).
struct QuotedStrings {
    /// Every quoted text, one after the other.
    private var bytes: [UInt8] = []
    /// Per index, where its text starts in ``bytes`` and how long it is; a negative start for
    /// a text not quoted yet.
    private var spans: [(start: Int, count: Int)]
    /// The texts, for quoting on first use; empty when every entry was quoted at the start.
    private let texts: [String]

    /// The longest quoted text, in bytes, so far.
    private(set) var longest = 0

    /// `texts` quoted now.
    init(quotingNow texts: [String]) {
        spans = []
        spans.reserveCapacity(texts.count)
        self.texts = []
        for text in texts {
            let start = bytes.count
            JSONEscaping.appendQuoted(text, to: &bytes)
            spans.append((start, bytes.count - start))
            longest = max(longest, bytes.count - start)
        }
    }

    /// `texts`, each quoted the first time it is asked for.
    init(quotingOnUse texts: [String]) {
        spans = Array(repeating: (-1, 0), count: texts.count)
        self.texts = texts
    }

    /// The number of entries.
    var count: Int { spans.count }

    /// The length of entry `index` quoted, quoting it now if it was not yet; `index` must be
    /// below ``count``.
    @inline(__always)
    mutating func quotedCount(_ index: Int) -> Int {
        let span = spans[index]
        if span.start >= 0 { return span.count }
        return quote(index).count
    }

    /// Writes entry `index` quoted through `cursor`; ``quotedCount(_:)`` must have been asked
    /// for it first (which quotes it and says how much room it takes).
    @inline(__always)
    func write(_ index: Int, to cursor: inout ByteCursor) {
        let span = spans[index]
        bytes.withUnsafeBufferPointer { all in
            cursor.bytes(UnsafeBufferPointer(rebasing: all[span.start..<(span.start + span.count)]))
        }
    }

    private mutating func quote(_ index: Int) -> (start: Int, count: Int) {
        let start = bytes.count
        JSONEscaping.appendQuoted(texts[index], to: &bytes)
        let span = (start, bytes.count - start)
        spans[index] = span
        longest = max(longest, span.1)
        return span
    }
}
