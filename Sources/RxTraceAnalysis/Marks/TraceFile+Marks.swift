import RxTraceFormat

extension TraceFile {
    /// Live counts by type name. Entries with the same name are added up, saturating at the
    /// bounds of `Int`: the counts come from the file, and a damaged or hostile one must neither
    /// trap nor wrap a large count into a negative one.
    public func typeCounts(_ entries: [TraceTypeCount]) -> [String: Int] {
        var counts: [String: Int] = [:]
        for entry in entries {
            let count = Int(clamping: entry.count)
            let (sum, overflow) = counts[text(entry.name), default: 0].addingReportingOverflow(count)
            counts[text(entry.name)] = overflow ? (count > 0 ? .max : .min) : sum
        }
        return counts
    }

    /// The last mark, or the last one labelled `label`; `nil` when there is none.
    public func lastMark(labelled label: String? = nil) -> TraceMark? {
        guard let label else { return marks.last }
        return marks.last { text($0.label) == label }
    }

    /// The marks' distinct labels, in the order they first appear.
    public var markLabels: [String] {
        var labels: [String] = []
        var seen = Set<String>()
        for mark in marks where seen.insert(text(mark.label)).inserted {
            labels.append(text(mark.label))
        }
        return labels
    }
}
