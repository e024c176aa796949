import RxTraceAnalysis
import Testing

@Suite("LeakBaseline: the file, and judging reports by it")
struct LeakBaselineTests {
    /// A leaking report with the given sites, each leaking `leaked` resources of type `Sink`.
    private func leakingReport(sites: [(UInt64, Int)], capture: LeakSiteCapture = .all) -> LeakReport {
        let perIteration = sites.reduce(0) { $0 + $1.1 }
        return LeakAnalysis.analyze(
            samples: (0...3).map { LeakSample(label: "s\($0)", total: 10 + $0 * perIteration, types: ["Sink": 10 + $0 * perIteration]) },
            sites: LeakSiteData(
                sites: sites.map { LeakSiteSample(fingerprint: $0.0, userFrame: "App/File.swift:\($0.0)", live: ["Sink": $0.1]) },
                capture: capture
            )
        )
    }

    @Test("text round trip: comments, blank lines, notes and short fingerprints")
    func roundTrip() throws {
        let text = """
            # accepted
              00000000000000ab  App/Screen.swift:12

            ff  the timer
            """
        let baseline = try LeakBaseline(parsing: text)
        #expect(
            baseline.entries == [
                LeakBaseline.Entry(fingerprint: 0xab, note: "App/Screen.swift:12"),
                LeakBaseline.Entry(fingerprint: 0xff, note: "the timer"),
            ])
        #expect(try LeakBaseline(parsing: baseline.text) == baseline)
        #expect(baseline.text.contains("00000000000000ff  the timer"))
    }

    @Test("a line that is not a fingerprint is an error naming the line")
    func badLine() {
        #expect(throws: LeakBaselineError(line: 2, text: "not-a-fingerprint here")) {
            try LeakBaseline(parsing: "ab\nnot-a-fingerprint here\n")
        }
        #expect(throws: LeakBaselineError.self) {
            try LeakBaseline(parsing: "00000000000000000ab\n")
        }
        #expect(LeakBaselineError(line: 2, text: "x").description.contains("line 2"))
    }

    @Test("accepting a report lists its leaking sites; judging it by that baseline passes")
    func acceptsItsOwnLeaks() {
        let report = leakingReport(sites: [(1, 2), (2, 1)])
        #expect(report.verdict == .leaking)
        let baseline = LeakBaseline(accepting: report)
        #expect(Set(baseline.entries.map(\.fingerprint)) == [1, 2])
        let evaluation = baseline.evaluate(report)
        #expect(evaluation.passes)
        #expect(evaluation.acceptedLeaks.count == 2)
        #expect(evaluation.newLeaks.isEmpty)
    }

    @Test("a leaking site the baseline does not list fails, and is named as new")
    func newLeakFails() {
        let baseline = LeakBaseline(entries: [.init(fingerprint: 1)])
        let evaluation = baseline.evaluate(leakingReport(sites: [(1, 2), (3, 1)]))
        #expect(!evaluation.passes)
        #expect(evaluation.newLeaks.map(\.fingerprint) == [3])
        #expect(evaluation.acceptedLeaks.map(\.fingerprint) == [1])
        #expect(evaluation.reason.contains("not in the baseline"))
    }

    @Test("a leak without sites cannot be matched, so it fails")
    func noSitesFails() {
        let report = LeakAnalysis.analyze(samples: (0...3).map { LeakSample(label: "", total: $0, types: ["Sink": $0]) })
        let evaluation = LeakBaseline(entries: [.init(fingerprint: 1)]).evaluate(report)
        #expect(report.verdict == .leaking)
        #expect(!evaluation.passes)
        #expect(evaluation.reason.contains("no allocation sites"))
    }

    @Test("a clean report passes any baseline")
    func cleanPasses() {
        let report = LeakAnalysis.analyze(samples: (0...3).map { _ in LeakSample(label: "", total: 5, types: ["Sink": 5]) })
        #expect(LeakBaseline().evaluate(report).passes)
    }
}
