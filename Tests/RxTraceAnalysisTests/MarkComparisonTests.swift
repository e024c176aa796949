import RxTraceFormat
import TestSupport
import Testing

@testable import RxTraceAnalysis

@Suite("Marks: counts per type, the last mark, and two marks compared")
struct MarkComparisonTests {
    private func summary(_ label: String, total: Int, _ types: KeyValuePairs<String, Int>) -> MarkSummary {
        MarkSummary(
            label: label,
            timestamp: 0,
            thread: "main",
            resourcesTotal: total,
            types: types.map { ResourceTypeCount(name: $0.key, count: $0.value) }
        )
    }

    @Test("Changed types come largest change first, then by name; the rest are counted")
    func changedTypes() {
        let comparison = MarkComparison(
            before: summary("a", total: 10, ["Same": 3, "Grows": 1, "Shrinks": 5, "Also": 1]),
            after: summary("b", total: 14, ["Same": 3, "Grows": 4, "Shrinks": 2, "New": 3])
        )
        #expect(comparison.changed.map(\.name) == ["Grows", "New", "Shrinks", "Also"])
        #expect(comparison.changed.map(\.change) == [3, 3, -3, -1])
        #expect(comparison.changed.last == MarkComparison.TypeChange(name: "Also", before: 1, after: 0))
        #expect(comparison.unchangedCount == 1)
        #expect(comparison.totalChange == 4)
    }

    @Test("No total change when either mark was not counted")
    func uncounted() {
        let comparison = MarkComparison(before: summary("a", total: -1, [:]), after: summary("b", total: 5, [:]))
        #expect(comparison.totalChange == nil)
        #expect(comparison.changed.isEmpty)
        #expect(comparison.unchangedCount == 0)
    }

    @Test("Changes between the extremes of Int are exact")
    func extremes() {
        let comparison = MarkComparison(
            before: summary("a", total: 0, ["Sink": .min]),
            after: summary("b", total: .max, ["Sink": .max])
        )
        #expect(comparison.changed.first?.change == Int128(Int.max) - Int128(Int.min))
        #expect(comparison.totalChange == Int128(Int.max))
    }

    @Test("Counts of the same type name add up, saturating instead of wrapping")
    func saturatingCounts() {
        var fixture = TraceFixture()
        fixture.thread("main", systemID: 1)
        fixture.mark("big", types: ["Sink": .max, "Other": .min])
        fixture.marks[0].types += fixture.marks[0].types
        fixture.marks[0].types.append(TraceTypeCount(name: fixture.intern("Small"), count: 2))
        fixture.marks[0].types.append(TraceTypeCount(name: fixture.intern("Small"), count: 3))
        let file = fixture.file
        #expect(file.typeCounts(file.marks[0].types) == ["Sink": .max, "Other": .min, "Small": 5])
        // The summary and the leak analysis read marks the same way.
        let mark = MarkSummary(file.marks[0], in: file)
        #expect(
            mark.types == [
                ResourceTypeCount(name: "Other", count: .min),
                ResourceTypeCount(name: "Sink", count: .max),
                ResourceTypeCount(name: "Small", count: 5),
            ])
        #expect(TraceSummary(file: file, records: []).marks == [mark])
        #expect(mark.thread == "main")
    }

    @Test("The leak analysis does not wrap a count that overflows into a negative one")
    func leakSamplesSaturate() {
        var fixture = TraceFixture()
        fixture.mark("warm-up", types: ["Sink": .max])
        fixture.marks[0].types += fixture.marks[0].types
        fixture.mark("1", types: ["Sink": 5])
        fixture.mark("2", types: ["Sink": 5])
        let report = LeakAnalysis.analyze(trace: fixture.file)
        #expect(report.types.map(\.name) == ["Sink"])
        #expect(report.types.first?.counts.first == .max)
    }

    @Test("The last mark, the last one with a label, and the labels in order")
    func markLookup() {
        var fixture = TraceFixture()
        fixture.thread("main", systemID: 1)
        fixture.mark("warm-up", at: 1, types: [:])
        fixture.mark("run", at: 2, types: [:])
        fixture.mark("run", at: 3, types: [:])
        fixture.mark("end", at: 4, types: [:])
        let file = fixture.file
        #expect(file.lastMark()?.timestamp == 4)
        #expect(file.lastMark(labelled: "run")?.timestamp == 3)
        #expect(file.lastMark(labelled: "none") == nil)
        #expect(file.markLabels == ["warm-up", "run", "end"])
        #expect(TraceFixture().file.lastMark() == nil)
        #expect(TraceFixture().file.markLabels.isEmpty)
    }
}
