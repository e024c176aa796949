import RxTraceFormat

/// Texts already quoted as JSON string literals (``JSONText``), kept as bytes so that a
/// text that recurs (a probe's name, a thread's, an element's description in the string
/// table) is escaped once per export, not once per record.
///
/// The quoted texts are kept end to end in one block of memory, each found by its index;
/// entries are either all quoted at the start (probe and thread names) or each on first use
/// (the string table, of which an export may use only a little). Not copyable, and built on
/// raw memory rather than arrays, so that the per-record path reads it in place with no
/// reference counting.
struct QuotedStrings: ~Copyable {
    /// Where an entry's quoted text is in ``bytes``; a negative start for one not quoted yet.
    private struct Extent {
        var start: Int
        var count: Int
    }

    /// Every quoted text, one after the other: `used` of `capacity` bytes.
    private var bytes: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private var used = 0
    /// Per entry, where its quoted text is.
    private let spans: UnsafeMutablePointer<Extent>
    /// The number of entries.
    let count: Int
    /// The texts, for quoting on first use; empty when every entry was quoted at the start.
    private let texts: [String]
    /// Renders entry `index` as JSON on first use, written as it is (instead of quoting
    /// ``texts``).
    private let render: ((Int) -> String)?

    /// `texts` quoted now.
    init(quotingNow texts: [String]) {
        self.init(count: texts.count, texts: [])
        for index in texts.indices {
            spans[index] = append(texts[index])
        }
    }

    /// `texts`, each quoted the first time it is asked for.
    init(quotingOnUse texts: [String]) {
        self.init(count: texts.count, texts: texts)
    }

    /// `count` entries, each the JSON `render` gives for it (already quoted), asked for the
    /// first time the entry is.
    init(count: Int, renderingOnUse render: @escaping (Int) -> String) {
        self.init(count: count, texts: [], render: render)
    }

    private init(count: Int, texts: [String], render: ((Int) -> String)? = nil) {
        self.count = count
        self.texts = texts
        self.render = render
        spans = .allocate(capacity: max(count, 1))
        spans.initialize(repeating: Extent(start: -1, count: 0), count: max(count, 1))
        capacity = 4096
        bytes = .allocate(capacity: capacity)
    }

    deinit {
        bytes.deallocate()
        spans.deallocate()
    }

    /// The length of entry `index` quoted, quoting it now if it was not yet; `index` must be
    /// below ``count``.
    @inline(__always)
    mutating func quotedCount(_ index: Int) -> Int {
        precondition(index >= 0 && index < count, "no such text")
        let span = spans[index]
        if span.start >= 0 { return span.count }
        let quoted = render.map { append(json: $0(index)) } ?? append(texts[index])
        spans[index] = quoted
        return quoted.count
    }

    /// Writes entry `index` quoted through `cursor`; ``quotedCount(_:)`` must have been asked
    /// for it first (which quotes it and says how much room it takes).
    @inline(__always)
    func write(_ index: Int, to cursor: inout ByteCursor) {
        precondition(index >= 0 && index < count, "no such text")
        let span = spans[index]
        precondition(span.start >= 0, "a text written before its length was asked for")
        cursor.bytes(UnsafeBufferPointer(start: bytes + span.start, count: span.count))
    }

    /// Quotes `text` at the end of ``bytes``.
    private mutating func append(_ text: String) -> Extent {
        var quoted: [UInt8] = []
        JSONText.appendQuoted(text, to: &quoted)
        return append(bytes: quoted)
    }

    /// Puts `json` at the end of ``bytes`` as it is.
    private mutating func append(json: String) -> Extent {
        append(bytes: Array(json.utf8))
    }

    private mutating func append(bytes quoted: [UInt8]) -> Extent {
        if used + quoted.count > capacity {
            let grown = max(capacity * 2, used + quoted.count)
            let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
            moved.update(from: bytes, count: used)
            bytes.deallocate()
            bytes = moved
            capacity = grown
        }
        quoted.withUnsafeBufferPointer { (bytes + used).update(from: $0.baseAddress!, count: $0.count) }
        let span = Extent(start: used, count: quoted.count)
        used += quoted.count
        return span
    }
}
