/// Small text helpers shared by the reports.
enum LeakText {
    /// `+3`, `0` or `-1`.
    static func signed(_ value: Int) -> String {
        value > 0 ? "+\(value)" : "\(value)"
    }

    /// Signed values separated by commas: `+3, 0, -1`.
    static func signed(_ values: [Int]) -> String {
        values.map(signed).joined(separator: ", ")
    }

    /// `1 iteration`, `2 iterations`: a count with its noun, plural unless 1.
    static func counted(_ count: Int, _ singular: String, _ plural: String? = nil) -> String {
        "\(count) \(count == 1 ? singular : plural ?? singular + "s")"
    }
}
