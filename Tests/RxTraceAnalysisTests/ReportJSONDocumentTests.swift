import Foundation
import RxTraceFormat
import TestSupport
import Testing

@testable import RxTraceAnalysis

@Suite("docs/report-json.md describes every key the JSON has")
struct ReportJSONDocumentTests {
    /// The keys in the first column of the document's tables: rows that start with `| \`key\` |`.
    private func documentedKeys() throws -> Set<String> {
        let text = try RepositoryFiles.text("docs/report-json.md")
        var keys = Set<String>()
        for line in text.split(separator: "\n") where line.hasPrefix("| `") {
            let cell = line.dropFirst(3).prefix { $0 != "`" }
            keys.insert(String(cell))
        }
        return keys
    }

    /// Every key of every object in `value`, recursively.
    private func keys(in value: Any) -> Set<String> {
        if let object = value as? [String: Any] {
            return object.reduce(into: Set(object.keys)) { $0.formUnion(keys(in: $1.value)) }
        }
        if let array = value as? [Any] {
            return array.reduce(into: Set<String>()) { $0.formUnion(keys(in: $1)) }
        }
        return []
    }

    @Test("The documented keys are exactly the keys of a summary that has every part")
    func documentMatchesJSON() throws {
        let trace = SearchTrace()
        var fixture = trace.fixture
        fixture.header.siteCapture = .sampled(every: 2)
        fixture.site(0xff, userFrame: "App/Search.swift:14", frames: ["a"], live: ["Sink": 3])
        fixture.probeTotals = fixture.probes.map { _ in TraceProbeTotals(subscribed: 1) }
        var summary = TraceSummary(file: fixture.file, records: trace.records)
        summary.damage = TraceDamage(kind: "truncated", section: "records", offset: 400, recordsRead: 2, message: "cut")
        summary.partial = true
        let json = try JSONSerialization.jsonObject(with: summary.jsonData())
        // An in-process check's report has the fields a trace's has not: its limit, settling,
        // time; this one leaks in a known pattern, so it has a hint too.
        let cycle = (0...3).map { LeakSample(label: "\($0)", total: 2 * $0, types: ["DisposeBag": $0, "AnonymousObserver<Int>": $0]) }
        // A subscription with a nested one, and the owner's bag folded into it (`keptAlive`).
        let cycleSites = LeakSiteData(sites: [
            LeakSiteSample(
                fingerprint: 1, userFrame: "App/Screen.swift:25", live: ["AnonymousObserver<Int>": 1], subscription: .closure,
                nested: ["App/Screen.swift:40": 1]),
            LeakSiteSample(fingerprint: 2, userFrame: "(unknown site)", live: ["DisposeBag": 1]),
        ])
        var check = LeakAnalysis(samples: cycle, sites: cycleSites, iterationLimit: 16).report()
        #expect(check.hints.isEmpty == false)
        check.settle = LeakSettleReport(timeouts: 1)
        check.durationNanoseconds = 1
        let checkJSON = try JSONSerialization.jsonObject(with: JSONEncoder().encode(check))
        // A mark of a program built without the trait adds `counted: false`.
        var uncounted = SearchTrace().fixture
        uncounted.marks = uncounted.marks.map { mark in
            var copy = mark
            copy.resourcesTotal = -1
            copy.types = []
            return copy
        }
        let uncountedJSON = try JSONSerialization.jsonObject(with: TraceSummary(file: uncounted.file, records: []).jsonData())
        #expect(try documentedKeys() == keys(in: json).union(keys(in: checkJSON)).union(keys(in: uncountedJSON)))
    }
}
