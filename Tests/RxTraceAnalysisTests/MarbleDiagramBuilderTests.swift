import RxTraceFormat
import TestSupport
import Testing

@testable import RxTraceAnalysis

@Suite("MarbleDiagram: collecting from records")
struct MarbleDiagramBuilderTests {
    private func record(
        _ time: UInt64,
        _ subscription: UInt64,
        _ kind: TraceEventKind,
        probe: UInt32 = 0,
        int value: Int64? = nil
    ) -> TraceRecord {
        TraceRecord(
            timestamp: time,
            subscription: subscription,
            probe: probe,
            thread: 0,
            kind: kind,
            valueKind: value == nil ? .none : .int,
            value: value.map { UInt64(bitPattern: $0) } ?? 0
        )
    }

    private var file: TraceFile {
        var fixture = TraceFixture()
        fixture.probe("numbers", file: "App/Main.swift", line: 12)
        fixture.probe("other", file: "App/Other.swift", line: 3)
        fixture.thread("main", systemID: 1)
        return fixture.file
    }

    @Test("Records become subscriptions with their events and endings, per probe")
    func fromRecords() {
        let records = [
            record(0, 1, .subscribed),
            record(10, 1, .next, int: 1),
            record(15, 9, .subscribed, probe: 1),
            record(20, 1, .next, int: -2),
            record(30, 1, .completed),
            record(30, 1, .disposed),
            record(35, 9, .disposed, probe: 1),
            record(36, 5, .next, probe: 7, int: 0),
        ]
        let diagrams = MarbleDiagram.diagrams(file: file, records: records)
        #expect(diagrams.map(\.identifier) == ["numbers", "other"])
        #expect(
            diagrams[0].subscriptions == [
                MarbleSubscription(
                    subscription: 1,
                    thread: "main",
                    subscribedAt: 0,
                    events: [
                        MarbleEvent(timestamp: 10, kind: .next("1")),
                        MarbleEvent(timestamp: 20, kind: .next("-2")),
                        MarbleEvent(timestamp: 30, kind: .completed),
                    ],
                    disposedAt: 30
                )
            ]
        )
        #expect(diagrams[1].subscriptions == [MarbleSubscription(subscription: 9, thread: "main", subscribedAt: 15, disposedAt: 35)])
        #expect(
            diagrams[0].render(width: 35) == """
                numbers  App/Main.swift:12  1 subscription over 30 ns, 1 column ≈ 1 ns
                #1  ----------1---------(-2)------|
                """
        )
        #expect(diagrams[1].render(width: 25).split(separator: "\n")[1] == "#9  --------------------!")
    }

    @Test("Only the selected probes are drawn")
    func selectedProbes() {
        let diagrams = MarbleDiagram.diagrams(file: file, records: [record(0, 9, .subscribed, probe: 1)], probes: [1])
        #expect(diagrams.map(\.identifier) == ["other"])
        #expect(diagrams[0].subscriptions.count == 1)
        #expect(MarbleDiagram.diagrams(file: file, records: [], probes: []).isEmpty)
    }

    @Test("Past the limits, subscriptions and elements are counted, not kept; endings are always kept")
    func limits() {
        var records: [TraceRecord] = []
        for subscription in UInt64(1)...4 {
            records.append(record(subscription, subscription, .subscribed))
        }
        for value in 0..<5 {
            records.append(record(10 + UInt64(value), 1, .next, int: Int64(value)))
            records.append(record(10 + UInt64(value), 3, .next, int: Int64(value)))
        }
        records.append(record(20, 1, .error))
        records.append(record(21, 1, .disposed))
        var builder = MarbleDiagram.Builder(file: file, limits: .init(subscriptionsPerProbe: 2, elementsPerSubscription: 3))
        for record in records {
            builder.accumulate(record)
        }
        let numbers = builder.finish()[0]
        #expect(numbers.subscriptions.map(\.subscription) == [1, 2])
        #expect(numbers.droppedSubscriptions == 2)
        #expect(numbers.isTruncated)
        let first = numbers.subscriptions[0]
        #expect(first.events.map(\.kind) == [.next("0"), .next("1"), .next("2"), .error("")])
        #expect(first.droppedElements == 2)
        #expect(first.disposedAt == 21)
        #expect(first.isTerminated)
        #expect(numbers.subscriptions[1].isOpen)
        #expect(
            numbers.render(width: 24) == """
                numbers  App/Main.swift:12  4 subscriptions over 20 ns, 1 column ≈ 1 ns
                #1  --------0-1-2-----X
                #2  ------------------->
                  #1: 2 more elements not drawn (the first 3 are kept)
                  2 more subscriptions not drawn (the first 2 are kept)
                """
        )
    }

    @Test("A subscription whose subscribed record was lost starts at its first kept record")
    func lostSubscribedRecord() {
        let diagrams = MarbleDiagram.diagrams(
            file: file,
            records: [record(0, 2, .subscribed), record(10, 1, .next, int: 7), record(20, 1, .completed), record(20, 2, .disposed)]
        )
        let lost = diagrams[0].subscriptions[1]
        #expect(lost.subscription == 1)
        #expect(lost.subscribedAt == nil)
        #expect(lost.events.map(\.kind) == [.next("7"), .completed])
        #expect(diagrams[0].render(width: 25).split(separator: "\n")[2] == "#1            7---------|")
        #expect(MarbleDiagram.legend.hasPrefix("- time  | completed  X error  ! disposed early  > still open"))
    }
}
