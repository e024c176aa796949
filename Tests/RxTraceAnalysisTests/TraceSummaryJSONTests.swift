import Foundation
import RxTraceFormat
import TestSupport
import Testing

@testable import RxTraceAnalysis

@Suite("TraceSummary: the JSON of rxtrace report --format json")
struct TraceSummaryJSONTests {
    @Test("The exact JSON of a small trace")
    func exactJSON() throws {
        var fixture = TraceFixture()
        fixture.probe("ticks", file: "App/Clock.swift", line: 7, function: "start()")
        fixture.thread("main", systemID: 1)
        fixture.mark("warm-up", at: 10, types: ["Sink": 1])
        fixture.header.recordsWritten = 2
        let boom = UInt64(fixture.intern("boom"))
        let records = [
            TraceRecord(timestamp: 20, subscription: 1, probe: 0, thread: 0, kind: .subscribed),
            TraceRecord(timestamp: 30, subscription: 1, probe: 0, thread: 0, kind: .error, valueKind: .string, value: boom),
        ]
        let summary = TraceSummary(file: fixture.file, records: records)
        let expected = """
            {
              "errors" : [
                {
                  "description" : "boom",
                  "probe" : "ticks",
                  "probeIndex" : 0,
                  "subscription" : 1,
                  "thread" : "main",
                  "timestamp" : 30
                }
              ],
              "errorsOmitted" : 0,
              "invalidRecords" : 0,
              "leak" : {
                "allowedGrowth" : 0,
                "distinctLeaks" : 0,
                "growth" : [

                ],
                "growthPerIteration" : 0,
                "iterations" : 0,
                "labels" : [
                  "warm-up"
                ],
                "leakedResources" : 0,
                "netGrowth" : 0,
                "reason" : "the trace has 1 mark, none after the 1 warm-up mark; mark the end of each repetition with Trace.mark(_:) and repeat the scenario at least 2 times after the warm-up",
                "siteCapture" : {
                  "mode" : "off"
                },
                "siteScope" : "endOfTrace",
                "sites" : [

                ],
                "sitesSampled" : false,
                "stop" : "allSamples",
                "totals" : [
                  1
                ],
                "types" : [

                ],
                "verdict" : "inconclusive"
              },
              "marks" : [
                {
                  "label" : "warm-up",
                  "resourcesTotal" : 1,
                  "thread" : "main",
                  "timestamp" : 10,
                  "types" : [
                    {
                      "count" : 1,
                      "name" : "Sink"
                    }
                  ]
                }
              ],
              "openSubscriptions" : [
                {
                  "ageNanoseconds" : 4980,
                  "listed" : false,
                  "probe" : "ticks",
                  "probeIndex" : 0,
                  "subscribedAt" : 20,
                  "subscription" : 1,
                  "thread" : "main"
                }
              ],
              "partial" : false,
              "probes" : [
                {
                  "completed" : 0,
                  "countsExact" : false,
                  "disposed" : 0,
                  "error" : 1,
                  "file" : "App/Clock.swift",
                  "function" : "start()",
                  "identifier" : "ticks",
                  "index" : 0,
                  "kept" : {
                    "completed" : 0,
                    "disposed" : 0,
                    "error" : 1,
                    "next" : 0,
                    "subscriptions" : 1
                  },
                  "line" : 7,
                  "next" : 0,
                  "open" : 1,
                  "subscriptions" : 1
                }
              ],
              "process" : {
                "capacity" : 65536,
                "clock" : "monotonic",
                "dumpReason" : "exit",
                "durationNanoseconds" : 5000,
                "lostRecords" : 0,
                "name" : "SearchDemo",
                "pid" : 4242,
                "probeCountsExact" : false,
                "records" : 2,
                "recordsWritten" : 2,
                "siteCapture" : {
                  "mode" : "off"
                },
                "startWallClock" : 1700000000000000000,
                "valueLimit" : 64
              },
              "schemaVersion" : 1
            }
            """
        #expect(try summary.jsonText() == expected)
        #expect(try summary.jsonText(pretty: false).contains("\n") == false)
        #expect(try TraceSummary(json: summary.jsonData()) == summary)
        #expect(try TraceSummary(json: summary.jsonData(pretty: false)) == summary)
    }

    @Test("The documented keys are all there, with the documented JSON types")
    func schemaKeys() throws {
        let trace = SearchTrace()
        var fixture = trace.fixture
        fixture.header.siteCapture = .sampled(every: 2)
        fixture.site(0xff, userFrame: "App/Search.swift:14", frames: ["a", "b"], live: ["Sink": 3])
        let summary = TraceSummary(file: fixture.file, records: trace.records)
        let object = try #require(JSONSerialization.jsonObject(with: summary.jsonData()) as? [String: Any])
        #expect(
            Set(object.keys)
                == [
                    "schemaVersion", "process", "probes", "marks", "leak", "openSubscriptions", "errors", "errorsOmitted",
                    "invalidRecords", "partial",
                ]
        )
        let process = try #require(object["process"] as? [String: Any])
        #expect(
            Set(process.keys)
                == [
                    "name", "pid", "startWallClock", "clock", "capacity", "recordsWritten", "records", "lostRecords",
                    "valueLimit", "dumpReason", "durationNanoseconds", "siteCapture", "probeCountsExact",
                ]
        )
        let probes = try #require(object["probes"] as? [[String: Any]])
        #expect(probes.count == 2)
        #expect(
            Set(probes[0].keys)
                == [
                    "index", "identifier", "file", "line", "function", "subscriptions", "next", "error", "completed", "disposed",
                    "open", "countsExact", "kept",
                ]
        )
        #expect(probes[0]["identifier"] as? String == "search")
        #expect(probes[0]["open"] as? Int == 2)
        let marks = try #require(object["marks"] as? [[String: Any]])
        #expect(Set(marks[0].keys) == ["label", "timestamp", "thread", "resourcesTotal", "types"])
        let leak = try #require(object["leak"] as? [String: Any])
        #expect(
            Set(leak.keys)
                == [
                    "verdict", "reason", "iterations", "allowedGrowth", "labels", "totals", "growth", "growthPerIteration",
                    "types", "sites", "siteCapture", "sitesSampled", "siteScope", "leakedResources", "distinctLeaks",
                    "stop", "netGrowth",
                ]
        )
        #expect(leak["verdict"] as? String == "inconclusive")
        #expect(leak["siteScope"] as? String == "endOfTrace")
        #expect(leak["sitesSampled"] as? Bool == true)
        let types = try #require(leak["types"] as? [[String: Any]])
        #expect(Set(types[0].keys) == ["name", "displayName", "growth", "leaking", "series", "counts", "rises"])
        let sites = try #require(leak["sites"] as? [[String: Any]])
        #expect(Set(sites[0].keys) == ["fingerprint", "userFrame", "frames", "types", "count", "leaked"])
        #expect(sites[0]["fingerprint"] as? String == "00000000000000ff")
        let open = try #require(object["openSubscriptions"] as? [[String: Any]])
        #expect(Set(open[0].keys) == ["subscription", "probe", "probeIndex", "subscribedAt", "ageNanoseconds", "thread", "listed"])
        let errors = try #require(object["errors"] as? [[String: Any]])
        #expect(Set(errors[0].keys) == ["probe", "probeIndex", "subscription", "timestamp", "thread", "description"])
    }
}
