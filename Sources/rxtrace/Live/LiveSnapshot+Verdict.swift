import RxTraceAnalysis
import RxTraceFormat

extension LiveSnapshot {
    /// The leak verdict over the program's marks so far, by the rule `rxtrace check` applies to
    /// a trace's marks (the first mark is the baseline); `nil` when the program does not count
    /// resources.
    var markVerdict: LeakReport? {
        guard resources.counted, marks.allSatisfy({ $0.total != nil }) else { return nil }
        let samples = marks.map { LeakSample(label: $0.label, total: $0.total ?? 0, types: $0.types) }
        return LeakAnalysis.analyze(samples: samples)
    }

    /// The verdict in one line for `top`: the verdict, and what leaks or why there is none yet.
    var markVerdictLine: String {
        guard let report = markVerdict else { return "verdict: none (resources not counted)" }
        if marks.count < 3 {
            return "verdict: needs 3 marks, has \(marks.count) (rxtrace mark \(pid) LABEL after each repetition)"
        }
        let over = "verdict over \(marks.count) mark\(marks.count == 1 ? "" : "s"): "
        switch report.verdict {
        case .leaking:
            let leaking = report.types.filter(\.leaking)
            let names = TopScreen.displayNames(for: leaking.map(\.name))
            let growing = leaking.map { "\(names[$0.name] ?? $0.name) +\($0.growth)" }
            return over + "LEAKING  " + growing.joined(separator: ", ")
        case .clean:
            return over + "clean"
        case .inconclusive:
            return over + "inconclusive: " + report.reason
        }
    }
}
