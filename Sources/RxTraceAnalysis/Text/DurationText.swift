/// Durations in nanoseconds as short text: `750 ns`, `1.5 µs`, `250 ms`, `12.345 s`.
enum DurationText {
    /// The duration in the largest unit that keeps it at least 1, with up to three decimals.
    static func format(nanoseconds: UInt64) -> String {
        let units: [(size: UInt64, name: String)] = [(1_000_000_000, "s"), (1_000_000, "ms"), (1_000, "µs")]
        for unit in units where nanoseconds >= unit.size {
            let whole = nanoseconds / unit.size
            let thousandths = (nanoseconds % unit.size) / (unit.size / 1_000)
            var decimals = String(thousandths)
            decimals = String(repeating: "0", count: 3 - decimals.count) + decimals
            while decimals.hasSuffix("0") {
                decimals.removeLast()
            }
            return decimals.isEmpty ? "\(whole) \(unit.name)" : "\(whole).\(decimals) \(unit.name)"
        }
        return "\(nanoseconds) ns"
    }
}
