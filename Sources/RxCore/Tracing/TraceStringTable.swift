/// The strings a trace refers to, each stored once: probe names, files, thread names, labels
/// and the summaries of elements and errors.
///
/// Bounded: once ``maximumCount`` strings are held, new ones map to a fixed entry that says the
/// table was full, so a stream of distinct values cannot grow memory without end.
final class TraceStringTable: Sendable {
    /// The most strings kept.
    let maximumCount: Int
    /// The index that stands for any string that did not fit: the first one interned.
    let overflowIndex: UInt32 = 1
    private let table = LockedValue<(strings: [String], indices: [String: UInt32])>(([""], ["": 0]))

    /// The text standing for strings that did not fit.
    static let overflowText = "<string table full>"

    init(maximumCount: Int) {
        self.maximumCount = max(maximumCount, 16)
        let index = intern(Self.overflowText)
        assert(index == overflowIndex)
    }

    /// The index of `text`, added when new.
    func intern(_ text: String) -> UInt32 {
        table.withLock { table in
            if let index = table.indices[text] { return index }
            guard table.strings.count < maximumCount else { return overflowIndex }
            let index = UInt32(table.strings.count)
            table.strings.append(text)
            table.indices[text] = index
            return index
        }
    }

    /// The string at `index`, or `nil` beyond the table.
    func string(at index: UInt32) -> String? {
        table.withLock { Int(index) < $0.strings.count ? $0.strings[Int(index)] : nil }
    }

    /// All strings, by index.
    func all() -> [String] {
        table.withLock { $0.strings }
    }
}
