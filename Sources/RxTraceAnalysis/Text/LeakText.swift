/// Small text helpers shared by the reports.
enum LeakText {
    /// `+3`, `0` or `-1`.
    static func signed(_ value: Int) -> String {
        value > 0 ? "+\(value)" : "\(value)"
    }

    /// Signed values separated by commas: `+3, 0, -1`; a long series is shortened as
    /// ``elided(_:)`` says.
    static func signed(_ values: [Int]) -> String {
        elided(values.map(signed))
    }

    /// The longest series a summary line lists whole; a longer one keeps its ends.
    static let wholeSeriesLimit = 16
    /// How many entries a shortened series keeps at each end.
    static let seriesEnds = 6

    /// Items separated by commas. A series longer than ``wholeSeriesLimit`` (a verdict judged on
    /// up to 256 resource samples) keeps its first and last ``seriesEnds`` items around
    /// `… N more …`: the start shows the warm-up, the end shows where it went, and the line
    /// stays readable.
    static func elided(_ items: [String]) -> String {
        guard items.count > wholeSeriesLimit else { return items.joined(separator: ", ") }
        let head = items.prefix(seriesEnds)
        let tail = items.suffix(seriesEnds)
        let hidden = items.count - 2 * seriesEnds
        return (head + ["… \(hidden) more …"] + tail).joined(separator: ", ")
    }

    /// `1 iteration`, `2 iterations`: a count with its noun, plural unless 1.
    static func counted(_ count: Int, _ singular: String, _ plural: String? = nil) -> String {
        "\(count) \(count == 1 ? singular : plural ?? singular + "s")"
    }
}
