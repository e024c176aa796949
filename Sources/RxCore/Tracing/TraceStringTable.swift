/// The strings a trace refers to, each stored once: probe names, files, thread names, labels
/// and the summaries of elements and errors.
///
/// Bounded: once ``maximumCount`` strings are held, new ones map to a fixed entry that says the
/// table was full, so a stream of distinct values cannot grow memory without end.
final class TraceStringTable: @unchecked Sendable {
    /// The most strings kept.
    let maximumCount: Int
    /// The index that stands for any string that did not fit.
    private(set) var overflowIndex: UInt32 = 0
    private var strings: [String] = [""]
    private var indices: [String: UInt32] = ["": 0]
    private let lock = Lock()

    /// The text standing for strings that did not fit.
    static let overflowText = "<string table full>"

    init(maximumCount: Int) {
        self.maximumCount = max(maximumCount, 16)
        overflowIndex = intern(Self.overflowText)
    }

    /// The index of `text`, added when new.
    func intern(_ text: String) -> UInt32 {
        lock.locked {
            if let index = indices[text] { return index }
            guard strings.count < maximumCount else { return overflowIndex }
            let index = UInt32(strings.count)
            strings.append(text)
            indices[text] = index
            return index
        }
    }

    /// The string at `index`, or `nil` beyond the table.
    func string(at index: UInt32) -> String? {
        lock.locked { Int(index) < strings.count ? strings[Int(index)] : nil }
    }

    /// All strings, by index.
    func all() -> [String] {
        lock.locked { strings }
    }
}
