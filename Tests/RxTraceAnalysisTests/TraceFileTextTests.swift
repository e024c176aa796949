import RxTraceFormat
import TestSupport
import Testing

@testable import RxTraceAnalysis

@Suite("TraceFile: names and values as text")
struct TraceFileTextTests {
    private let file: TraceFile = {
        var fixture = TraceFixture()
        fixture.probe("search")
        fixture.thread("main", systemID: 1)
        fixture.thread("", systemID: 99)
        _ = fixture.intern("hello")
        return fixture.file
    }()

    private func value(_ kind: TraceValueKind, _ bits: UInt64) -> String {
        file.valueText(of: TraceRecord(timestamp: 0, subscription: 0, probe: 0, thread: 0, kind: .next, valueKind: kind, value: bits))
    }

    @Test("Numbers, Booleans, texts and disposal reasons")
    func values() {
        #expect(value(.none, 123) == "")
        #expect(value(.int, UInt64(bitPattern: -42)) == "-42")
        #expect(value(.uint, UInt64.max) == "18446744073709551615")
        #expect(value(.double, 2.5.bitPattern) == "2.5")
        #expect(value(.double, 1.0.bitPattern) == "1.0")
        #expect(value(.bool, 0) == "false")
        #expect(value(.bool, 1) == "true")
        #expect(value(.string, UInt64(file.strings.firstIndex(of: "hello")!)) == "hello")
        #expect(value(.string, 500) == "<string 500>")
        #expect(value(.string, UInt64.max) == "<string 18446744073709551615>")
        #expect(value(.disposalReason, 0) == "unknown")
        #expect(value(.disposalReason, 1) == "completed")
        #expect(value(.disposalReason, 2) == "errored")
        #expect(value(.disposalReason, 3) == "early")
        #expect(value(.disposalReason, 9) == "<reason 9>")
    }

    @Test("Probes and threads by index, with stand-ins for missing ones")
    func names() {
        #expect(file.probeIdentifier(0) == "search")
        #expect(file.probeIdentifier(3) == "<probe 3>")
        #expect(file.threadName(0) == "main")
        #expect(file.threadName(1) == "thread 99")
        #expect(file.threadName(2) == "<thread 2>")
        #expect(file.text(0) == "")
        #expect(file.text(1000) == "<string 1000>")
    }
}
