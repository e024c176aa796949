import Foundation
import Testing

@testable import RxTraceAnalysis

@Suite("LeakReport: JSON")
struct LeakReportCodingTests {
    private func json(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    @Test("Verdicts are the strings clean, leaking and inconclusive")
    func verdictRawValues() throws {
        #expect(LeakVerdict.allCases.map(\.rawValue) == ["clean", "leaking", "inconclusive"])
        #expect(try json([LeakVerdict.leaking]) == #"["leaking"]"#)
    }

    @Test("Site capture is an object with a mode and, when sampled, the interval")
    func siteCapture() throws {
        #expect(try json(LeakSiteCapture.off) == #"{"mode":"off"}"#)
        #expect(try json(LeakSiteCapture.all) == #"{"mode":"all"}"#)
        #expect(try json(LeakSiteCapture.sampled(every: 10)) == #"{"every":10,"mode":"sampled"}"#)
        let decoded = try JSONDecoder().decode(LeakSiteCapture.self, from: Data(#"{"mode":"sampled","every":3}"#.utf8))
        #expect(decoded == .sampled(every: 3))
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(LeakSiteCapture.self, from: Data(#"{"mode":"sometimes"}"#.utf8))
        }
    }

    @Test("A site's fingerprint is 16 hexadecimal digits")
    func siteFingerprint() throws {
        let site = LeakSite(
            fingerprint: 0xfeed_c0ff_ee00_0001,
            userFrame: "Main.swift:3",
            frames: ["f"],
            types: [ResourceTypeCount(name: "Sink", count: 2)],
            count: 2,
            leaked: 2
        )
        let text = try json(site)
        #expect(
            text
                == #"{"count":2,"fingerprint":"feedc0ffee000001","frames":["f"],"leaked":2,"types":[{"count":2,"name":"Sink"}],"userFrame":"Main.swift:3"}"#
        )
        #expect(try JSONDecoder().decode(LeakSite.self, from: Data(text.utf8)) == site)
        let bad = text.replacingOccurrences(of: "feedc0ffee000001", with: "not hex")
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(LeakSite.self, from: Data(bad.utf8))
        }
    }

    @Test("A whole report: exact keys, and it decodes to an equal report")
    func reportRoundTrip() throws {
        let report = LeakAnalysis.analyze(
            samples: [
                LeakSample(label: "w", total: 1, types: ["Sink": 1]),
                LeakSample(label: "1", total: 2, types: ["Sink": 2]),
                LeakSample(label: "2", total: 3, types: ["Sink": 3]),
            ],
            sites: LeakSiteData(sites: [LeakSiteSample(fingerprint: 1, userFrame: "A.swift:1", live: ["Sink": 1])])
        )
        let text = try json(report)
        #expect(
            text == """
                {"allowedGrowth":0,"distinctLeaks":1,"growth":[1,1],"growthPerIteration":1,\
                "hints":[{"pattern":"subscriptionNeverDisposed","site":"A.swift:1","text":"the subscription at A.swift:1 is never disposed and its source never ends: dispose it (or add it to a dispose bag that is released with its owner), or end the source with `take(until:)`"}],\
                "iterations":2,"labels":["w","1","2"],\
                "leakedResources":1,"netGrowth":2,\
                "reason":"the total rose in 2 of the 2 iterations (1, 2) and had not stopped: growth that keeps coming back (1 type kept growing)",\
                "siteCapture":{"mode":"all"},"siteScope":"lastIteration",\
                "sites":[{"count":1,"fingerprint":"0000000000000001","frames":[],"leaked":1,"types":[{"count":1,"name":"Sink"}],"userFrame":"A.swift:1"}],\
                "sitesSampled":false,"stop":"allSamples","totals":[1,2,3],\
                "types":[{"counts":[1,2,3],"displayName":"Sink","growth":1,"leaking":true,"name":"Sink","rises":[1,2],"series":[1,1]}],"verdict":"leaking"}
                """
        )
        #expect(try JSONDecoder().decode(LeakReport.self, from: Data(text.utf8)) == report)
    }

    @Test("A report written before stop, netGrowth, settle and the display names decodes with defaults")
    func olderReportDecodes() throws {
        let old = """
            {"allowedGrowth":0,"distinctLeaks":0,"growth":[0,0],"growthPerIteration":0,"iterations":2,"labels":["w","1","2"],\
            "leakedResources":0,"reason":"r","siteCapture":{"mode":"off"},"siteScope":"lastIteration","sites":[],\
            "sitesSampled":false,"totals":[3,3,3],\
            "types":[{"counts":[1,1,1],"growth":0,"leaking":false,"name":"MapSink<Int, AnonymousObserver<Int>>","series":[0,0]}],\
            "verdict":"clean"}
            """
        let report = try JSONDecoder().decode(LeakReport.self, from: Data(old.utf8))
        #expect(report.stop == .allSamples)
        #expect(report.netGrowth == 0)
        #expect(report.settle == nil)
        #expect(report.iterationLimit == nil)
        #expect(report.types[0].displayName == "map ← AnonymousObserver")
        #expect(report.types[0].rises == [])
    }

    @Test("An in-process check's report carries its limit, settling and time, and round-trips")
    func checkFieldsRoundTrip() throws {
        var report = LeakAnalysis(
            samples: [LeakSample(label: "w", total: 0), LeakSample(label: "1", total: 0), LeakSample(label: "2", total: 0)],
            iterationLimit: 16
        ).report()
        report.settle = LeakSettleReport(timeouts: 1, pendingAtTimeout: 2, dueLater: 0, longestWaitNanoseconds: 5)
        report.durationNanoseconds = 42
        #expect(report.stop == .clear)
        let text = try json(report)
        #expect(text.contains(#""iterationLimit":16"#))
        #expect(text.contains(#""settle":{"dueLater":0,"longestWaitNanoseconds":5,"pendingAtTimeout":2,"timeouts":1}"#))
        #expect(text.contains(#""durationNanoseconds":42"#))
        #expect(try JSONDecoder().decode(LeakReport.self, from: Data(text.utf8)) == report)
    }
}
