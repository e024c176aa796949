/// Renders one scenario's measurement as text.
enum DemoReport {
    /// The lines for `scenario`: its heading, the total before and after each run, the
    /// verdict and, when the count grew, the types that grew.
    ///
    /// - Parameters:
    ///   - scenario: The scenario that was measured.
    ///   - measurement: Its counts.
    /// - Returns: The lines, without trailing newlines.
    static func lines(for scenario: DemoScenario, measurement: LeakMeasurement) -> [String] {
        var lines = ["\(scenario.name): \(scenario.summary)"]
        lines.append(row("before", total: measurement.before.total))
        for (index, snapshot) in measurement.afterRuns.enumerated() {
            lines.append(row(index == 0 ? "warm-up" : "repetition \(index)", total: snapshot.total))
        }
        lines.append("  verdict: \(measurement.verdict.summary)")
        let measuredRuns = measurement.afterRuns.count - 1
        let grown = measurement.growthByType.sorted { ($0.value, $1.key) > ($1.value, $0.key) }
        if measurement.verdict != .clean, !grown.isEmpty, measuredRuns > 0 {
            lines.append("  change by type over the \(measuredRuns) repetitions after the warm-up:")
            for (name, change) in grown {
                lines.append("    \(change > 0 ? "+" : "")\(change) \(name)")
            }
        }
        return lines
    }

    private static func row(_ label: String, total: Int) -> String {
        let padded = label.padding(toLength: 14, withPad: " ", startingAt: 0)
        return "  \(padded)Resources.total = \(total)"
    }
}
