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
        let colored = TopScreen(first: first, previous: previous, current: current, colored: true).lines(width: 80, height: 24)
        let map = try #require(colored.first { $0.contains("MapSink") })
        #expect(map.hasPrefix("\u{1B}[1;31m"))
        #expect(map.split(separator: " ").suffix(3) == ["5", "+3", "+2\u{1B}[0m"])
        let subject = try #require(colored.first { $0.contains("PublishSubject") })
        #expect(!subject.contains("\u{1B}"))
        #expect(!subject.contains("<") && !subject.contains("RxCore."))
        #expect(colored.contains { $0.hasPrefix(" query") && $0.split(separator: " ").contains("20") })

        let plain = TopScreen(first: first, previous: previous, current: current, colored: false).lines(width: 80, height: 24)
        #expect(plain.contains { $0.hasPrefix("^MapSink") })
        #expect(plain.contains { $0.hasPrefix(" PublishSubject") })
        #expect(!plain.joined().contains("\u{1B}"))
    }

    @Test("the frame fits 80×24 however many types there are and however long their names")
    func fitsTheTerminal() throws {
        var types: [String: Int] = [:]
        for index in 0..<100 { types["AVeryLongTypeNameThatGoesOnAndOnAndOnAndOnAndOn\(index)<Int>"] = index + 1 }
        let first = try Self.snapshot(seconds: 1, types: types)
        let lines = TopScreen(first: first, previous: nil, current: first, colored: false).lines(width: 80, height: 24)
        #expect(lines.count == 24)
        #expect(lines.allSatisfy { $0.count <= 80 })
    }
}
