import Foundation
import RxTraceFormat
import TestSupport
import Testing

@testable import RxTraceAnalysis

@Suite("TraceSummary.writeJSON: the report's JSON streamed, byte for byte as jsonData")
struct TraceSummaryJSONStreamTests {
    /// The streamed JSON, gathered.
    private func streamed(_ summary: TraceSummary, pretty: Bool) throws -> Data {
        var bytes: [UInt8] = []
        try summary.writeJSON(pretty: pretty) { bytes += $0 }
        return Data(bytes)
    }

    /// A trace with lists longer than a slice (and one exactly a slice long), odd texts, an
    /// error limit beyond a slice and damage.
    private func largeSummary(damaged: Bool) -> TraceSummary {
        var fixture = TraceFixture()
        let odd = ["quote \" back \\ slash / tab \t nl \n", "ünïcödé ✓ 🧵", "\u{01}\u{1f}\u{7f}", "", "\u{2028}"]
        for index in 0..<700 {
            fixture.probe("probe \(index) \(odd[index % odd.count])", file: "App/F\(index).swift", line: UInt32(index))
        }
        fixture.thread("main \(odd[0])", systemID: 1)
        fixture.thread("", systemID: 2)
        for index in 0..<TraceSummary.jsonSliceLength {
            fixture.mark("m\(index)", at: UInt64(index), types: ["Sink": Int64(index)])
        }
        fixture.openSubscriptions = (0..<1_100).map {
            TraceOpenSubscription(subscription: UInt64($0) * 2, probe: UInt32($0 % 700), thread: UInt16($0 % 2), subscribedAt: UInt64($0))
        }
        let boom = UInt64(fixture.intern("boom \(odd[1])"))
        var records: [TraceRecord] = []
        for index in 0..<1_300 {
            let subscription = UInt64(index) * 2 + 1
            let probe = UInt32(index % 700)
            records.append(TraceRecord(timestamp: UInt64(index), subscription: subscription, probe: probe, thread: 0, kind: .subscribed))
            records.append(
                TraceRecord(
                    timestamp: UInt64(index), subscription: subscription, probe: probe, thread: 1, kind: .error, valueKind: .string,
                    value: boom))
        }
        var summary = TraceSummary(file: fixture.file, records: records, options: TraceSummary.Options(errorLimit: 1_200))
        if damaged {
            summary.damage = TraceDamage(kind: "truncated", section: "records", offset: 4, recordsRead: 2, message: "cut / \"short\"")
            summary.partial = true
        }
        return summary
    }

    @Test("Long lists, odd texts, damage: the same bytes as jsonData, pretty and compact", arguments: [false, true])
    func sameBytesAsTheEncoder(damaged: Bool) throws {
        let summary = largeSummary(damaged: damaged)
        #expect(summary.openSubscriptions.count > 2 * TraceSummary.jsonSliceLength)
        #expect(summary.errors.count > 2 * TraceSummary.jsonSliceLength)
        #expect(summary.marks.count == TraceSummary.jsonSliceLength)
        for pretty in [true, false] {
            let expected = try summary.jsonData(pretty: pretty)
            let actual = try streamed(summary, pretty: pretty)
            #expect(actual == expected, "pretty: \(pretty)")
        }
    }

    @Test("An empty trace: the same bytes as jsonData")
    func emptyTrace() throws {
        let summary = TraceSummary(file: TraceFixture().file, records: [])
        #expect(try streamed(summary, pretty: true) == summary.jsonData(pretty: true))
        #expect(try streamed(summary, pretty: false) == summary.jsonData(pretty: false))
    }

    @Test("An error the writer throws ends the writing")
    func writerErrorsPropagate() throws {
        struct Full: Error {}
        var pieces = 0
        #expect(throws: Full.self) {
            try largeSummary(damaged: false).writeJSON { _ in
                pieces += 1
                if pieces == 3 { throw Full() }
            }
        }
        #expect(pieces == 3)
    }
}
