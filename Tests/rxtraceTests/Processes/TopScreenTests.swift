import Foundation
import RxTraceFormat
import Testing

@testable import rxtrace

/// The frames of `rxtrace top`'s full-screen view, drawn from snapshots as the program sends them.
@Suite("rxtrace top's screen")
struct TopScreenTests {
    private static func snapshot(
        seconds: Double, types: [String: Int], marks: [[String: Int]] = [], next: Int = 0
    ) throws -> LiveSnapshot {
        let object: [String: Any] = [
            "protocol": 1, "pid": 42, "process": "Host", "uptimeSeconds": seconds, "openSubscriptions": 1,
            "resources": ["counted": true, "total": types.values.reduce(0, +), "types": types],
            "probes": [
                [
                    "identifier": "query", "file": "main.swift", "line": 3, "subscribed": 1, "next": next, "error": 0, "completed": 0,
                    "disposed": 0,
                ]
            ],
            "marks": marks.enumerated().map {
                ["label": "m\($0.offset + 1)", "seconds": 0.5, "total": $0.element.values.reduce(0, +), "types": $0.element]
            },
        ]
        let json = String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
        return try LiveSnapshot(json: json, processID: 42)
    }

    @Test("counts per type with short names, change since start and since the last mark, rising types highlighted")
    func risingTypes() throws {
        let first = try Self.snapshot(seconds: 1, types: ["MapSink<Int, String>": 2, "RxCore.PublishSubject<Int>": 1])
        let previous = try Self.snapshot(seconds: 2, types: ["MapSink<Int, String>": 4, "RxCore.PublishSubject<Int>": 1], next: 10)
        let current = try Self.snapshot(
            seconds: 3, types: ["MapSink<Int, String>": 5, "RxCore.PublishSubject<Int>": 1], marks: [["MapSink<Int, String>": 3]], next: 30)
        let colored = TopScreen(first: first, history: [previous, current], colored: true).lines(width: 80, height: 24)
        let map = try #require(colored.first { $0.contains("MapSink") })
        #expect(map.hasPrefix("\u{1B}[1;31m"))
        #expect(map.split(separator: " ").suffix(3) == ["5", "+3", "+2\u{1B}[0m"])
        let subject = try #require(colored.first { $0.contains("PublishSubject") })
        #expect(!subject.contains("\u{1B}"))
        #expect(!subject.contains("<") && !subject.contains("RxCore."))
        #expect(colored.contains { $0.hasPrefix(" query") && $0.split(separator: " ").contains("20") })

        let plain = TopScreen(first: first, history: [previous, current], colored: false).lines(width: 80, height: 24)
        #expect(plain.contains { $0.hasPrefix("^MapSink") })
        #expect(plain.contains { $0.hasPrefix(" PublishSubject") })
        #expect(!plain.joined().contains("\u{1B}"))
    }

    @Test("the frame fits 80×24 however many types there are and however long their names")
    func fitsTheTerminal() throws {
        var types: [String: Int] = [:]
        for index in 0..<100 { types["AVeryLongTypeNameThatGoesOnAndOnAndOnAndOnAndOn\(index)<Int>"] = index + 1 }
        let first = try Self.snapshot(seconds: 1, types: types)
        let lines = TopScreen(first: first, history: [first], colored: false).lines(width: 80, height: 24)
        #expect(lines.count == 24)
        #expect(lines.allSatisfy { $0.count <= 80 })
    }

    @Test("a type is highlighted only when it rose in each of the last --rising refreshes")
    func risingWindow() throws {
        let counts = [[2, 3, 4], [2, 4, 4], [2, 2, 3]]
        var verdicts: [[Bool]] = []
        for series in counts {
            let history = try series.enumerated().map { try Self.snapshot(seconds: Double($0.offset), types: ["Sink": $0.element]) }
            verdicts.append(
                [1, 2].map { window in TopScreen(first: history[0], history: history, colored: false, risingWindow: window).isRising("Sink")
                })
        }
        // Window 1: the last refresh only; window 2: both of the last two.
        #expect(verdicts == [[true, true], [false, false], [true, false]])
        // A single snapshot shows nothing rising.
        let one = try Self.snapshot(seconds: 0, types: ["Sink": 9])
        #expect(!TopScreen(first: one, history: [one], colored: false).isRising("Sink"))
    }

    @Test("rows in each order: live, grown since start, grown since the last mark, name; the header names the order")
    func orders() throws {
        let first = try Self.snapshot(seconds: 0, types: ["Alpha": 10, "Beta": 1, "Gamma": 5])
        let current = try Self.snapshot(
            seconds: 1, types: ["Alpha": 10, "Beta": 4, "Gamma": 6], marks: [["Alpha": 2, "Beta": 4, "Gamma": 6]])
        func rows(_ order: TopOrder) -> [String] {
            let lines = TopScreen(first: first, history: [first, current], colored: false, order: order).lines(width: 80, height: 24)
            #expect(lines.contains { $0.contains("sorted by \(order.rawValue) (s)") })
            return lines.compactMap { line in ["Alpha", "Beta", "Gamma"].first { line.hasPrefix(" " + $0) || line.hasPrefix("^" + $0) } }
        }
        #expect(rows(.live) == ["Alpha", "Gamma", "Beta"])
        #expect(rows(.start) == ["Beta", "Gamma", "Alpha"])
        #expect(rows(.mark) == ["Alpha", "Beta", "Gamma"])
        #expect(rows(.name) == ["Alpha", "Beta", "Gamma"])
        #expect(TopOrder.allCases.map(\.next) == [.start, .mark, .name, .live])
    }

    @Test("the verdict over the marks: needs three, leaking names the growing types, clean when flat")
    func verdictOverMarks() throws {
        let two = try Self.snapshot(seconds: 1, types: ["Sink": 1], marks: [["Sink": 1], ["Sink": 2]])
        #expect(two.markVerdictLine == "verdict: needs 3 marks, has 2 (rxtrace mark 42 LABEL after each repetition)")
        let leaking = try Self.snapshot(
            seconds: 1, types: ["Sink": 4],
            marks: [["Sink": 1, "Bag": 1], ["Sink": 2, "Bag": 1], ["Sink": 3, "Bag": 1], ["Sink": 4, "Bag": 1]])
        #expect(leaking.markVerdictLine == "verdict over 4 marks: LEAKING  Sink +1")
        let clean = try Self.snapshot(seconds: 1, types: ["Sink": 1], marks: [["Sink": 1], ["Sink": 1], ["Sink": 1]])
        #expect(clean.markVerdictLine == "verdict over 3 marks: clean")
        let frame = TopScreen(first: leaking, history: [leaking], colored: false).lines(width: 80, height: 24)
        #expect(frame[2] == "verdict over 4 marks: LEAKING  Sink +1")
    }

    @Test("two types with one short name are told apart by their readable names")
    func sameShortName() throws {
        let names = TopScreen.displayNames(for: [
            "RxCore.AnonymousObserver<Swift.Int>", "RxCore.AnonymousObserver<Swift.String>", "RxCore.PublishSubject<Swift.Int>",
        ])
        #expect(names["RxCore.PublishSubject<Swift.Int>"] == "PublishSubject")
        #expect(names["RxCore.AnonymousObserver<Swift.Int>"] == "RxCore.AnonymousObserver<Swift.Int>")
        #expect(Set(names.values).count == 3)
    }
}
