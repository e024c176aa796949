import Foundation
import RxTraceFormat
import TestSupport
import Testing

@testable import RxTraceAnalysis

/// A probe's counts come from the trace's exact totals when it has them, and from the kept
/// records otherwise; both are in the summary.
@Suite("TraceSummary: exact totals and kept records")
struct TraceSummaryTotalsTests {
    private func trace(totals: [TraceProbeTotals]?) -> (TraceFile, [TraceRecord]) {
        var fixture = TraceFixture()
        fixture.probe("ticks")
        fixture.thread("main", systemID: 1)
        fixture.header.recordsLost = 1_000
        fixture.probeTotals = totals
        let records = [
            TraceRecord(timestamp: 20, subscription: 1, probe: 0, thread: 0, kind: .next, valueKind: .int, value: 1),
            TraceRecord(timestamp: 30, subscription: 1, probe: 0, thread: 0, kind: .completed),
        ]
        return (fixture.file, records)
    }

    @Test("with totals: the counts are exact, kept counts the records")
    func exactCounts() {
        let (file, records) = trace(totals: [TraceProbeTotals(subscribed: 1, next: 1_001, error: 0, completed: 1, disposed: 1)])
        let summary = TraceSummary(file: file, records: records)
        let probe = summary.probes[0]
        #expect(summary.process.probeCountsExact)
        #expect(probe.countsExact)
        let counts: [Int] = [probe.subscriptions, probe.next, probe.error, probe.completed, probe.disposed]
        #expect(counts == [1, 1_001, 0, 1, 1])
        #expect(probe.kept == ProbeEventCounts(subscriptions: 0, next: 1, error: 0, completed: 1, disposed: 0))
    }

    @Test("without totals: the counts are the kept records' and not called exact")
    func keptCounts() {
        let (file, records) = trace(totals: nil)
        let summary = TraceSummary(file: file, records: records)
        let probe = summary.probes[0]
        #expect(!summary.process.probeCountsExact)
        #expect(!probe.countsExact)
        #expect(probe.next == 1)
        #expect(probe.kept == ProbeEventCounts(subscriptions: 0, next: 1, error: 0, completed: 1, disposed: 0))
    }

    @Test("totals beyond Int are clamped, not trapped on")
    func hugeTotals() {
        let (file, records) = trace(totals: [TraceProbeTotals(subscribed: .max, next: .max)])
        let probe = TraceSummary(file: file, records: records).probes[0]
        #expect(probe.subscriptions == .max)
        #expect(probe.next == .max)
    }

    @Test("JSON written before partial, probeCountsExact, countsExact and kept existed still decodes")
    func olderJSONDecodes() throws {
        let (file, records) = trace(totals: nil)
        let summary = TraceSummary(file: file, records: records)
        var object = try #require(JSONSerialization.jsonObject(with: summary.jsonData()) as? [String: Any])
        object["partial"] = nil
        var process = try #require(object["process"] as? [String: Any])
        process["probeCountsExact"] = nil
        object["process"] = process
        var probes = try #require(object["probes"] as? [[String: Any]])
        probes[0]["countsExact"] = nil
        probes[0]["kept"] = nil
        object["probes"] = probes
        let decoded = try TraceSummary(json: JSONSerialization.data(withJSONObject: object))
        #expect(!decoded.partial)
        #expect(decoded.damage == nil)
        #expect(decoded.probes[0].kept.next == 1)
    }
}
