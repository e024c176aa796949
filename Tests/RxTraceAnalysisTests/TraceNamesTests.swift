import RxTraceFormat
import TestSupport
import Testing

@testable import RxTraceAnalysis

@Suite("TraceNames: the exports' names are the reports' names")
struct TraceNamesTests {
    private let file: TraceFile = {
        var fixture = TraceFixture()
        fixture.probe("search")
        fixture.thread("main", systemID: 7)
        fixture.thread("", systemID: 99)
        return fixture.file
    }()

    @Test("Probes and threads by index, unnamed threads by system id")
    func names() {
        let names = TraceNames(file)
        #expect(names.probes == ["search"])
        #expect(names.threads == ["main", "thread 99"])
        #expect(names.threadIDs == [7, 99])
        #expect(names.probe(0) == "search")
        #expect(names.thread(1) == "thread 99")
        #expect(names.threadID(1) == 99)
    }

    @Test("An index the trace does not have gets the stand-in the reports show")
    func standIns() {
        let names = TraceNames(file)
        #expect(names.probe(5) == "<probe 5>")
        #expect(names.probe(5) == file.probeIdentifier(5))
        #expect(names.thread(3) == "<thread 3>")
        #expect(names.thread(3) == file.threadName(3))
        #expect(names.threadID(3) == 3)
    }

    @Test("A name missing from the string table reads as in the reports")
    func missingStrings() {
        var damaged = file
        damaged.probes[0].identifier = 40
        damaged.threads[0].name = 41
        let names = TraceNames(damaged)
        #expect(names.probe(0) == "<string 40>")
        #expect(names.probe(0) == damaged.probeIdentifier(0))
        #expect(names.thread(0) == "<string 41>")
        #expect(names.thread(0) == damaged.threadName(0))
    }
}
