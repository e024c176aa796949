import RxCore
import Testing
@testable import rxtrace

@Suite("DemoReport and DemoCommand")
struct DemoReportTests {
    private let scenario = DemoScenario(name: "sample", summary: "adds resources") {}

    private func snapshot(_ types: [String: Int]) -> ResourceSnapshot {
        ResourceSnapshot(total: types.values.reduce(0, +), types: types)
    }

    @Test func cleanScenarioLines() {
        let measurement = LeakMeasurement(
            before: snapshot([:]),
            afterRuns: [snapshot(["A": 1]), snapshot(["A": 1]), snapshot(["A": 1])]
        )
        #expect(DemoReport.lines(for: scenario, measurement: measurement) == [
            "sample: adds resources",
            "  before        Resources.total = 0",
            "  warm-up       Resources.total = 1",
            "  repetition 1  Resources.total = 1",
            "  repetition 2  Resources.total = 1",
            "  verdict: clean, no growth per repetition",
        ])
    }

    @Test func leakingScenarioListsTheTypesThatGrew() {
        let measurement = LeakMeasurement(
            before: snapshot(["Old": 1]),
            afterRuns: [
                snapshot(["Old": 1, "Sink": 1, "Observer": 2]),
                snapshot(["Old": 1, "Sink": 2, "Observer": 4]),
                snapshot(["Old": 1, "Sink": 3, "Observer": 6]),
            ]
        )
        #expect(DemoReport.lines(for: scenario, measurement: measurement) == [
            "sample: adds resources",
            "  before        Resources.total = 1",
            "  warm-up       Resources.total = 4",
            "  repetition 1  Resources.total = 7",
            "  repetition 2  Resources.total = 10",
            "  verdict: LEAK, +3 live resources per repetition",
            "  change by type over the 2 repetitions after the warm-up:",
            "    +4 Observer",
            "    +2 Sink",
        ])
    }

    @Test func reportRunsEveryScenarioInOrder() {
        let counter = FakeCounter()
        let first = DemoScenario(name: "one", summary: "first") {}
        let second = DemoScenario(name: "two", summary: "second") {}
        let text = DemoCommand.report(scenarios: [first, second], snapshot: counter.snapshot)
        #expect(counter.snapshots == 8)
        #expect(text == """
            rxtrace demo: each scenario runs 3 times (1 warm-up + 2), counting live resources after each run.

            one: first
              before        Resources.total = 0
              warm-up       Resources.total = 0
              repetition 1  Resources.total = 0
              repetition 2  Resources.total = 0
              verdict: clean, no growth per repetition

            two: second
              before        Resources.total = 0
              warm-up       Resources.total = 0
              repetition 1  Resources.total = 0
              repetition 2  Resources.total = 0
              verdict: clean, no growth per repetition
            """)
    }

    @Test func countingOffNoticeNamesTheCommand() {
        #expect(CountingOffNotice.command == "swift run --traits TraceResources rxtrace demo")
        #expect(CountingOffNotice.text.hasPrefix("Resource counting is off"))
        #expect(CountingOffNotice.text.hasSuffix("\n    swift run --traits TraceResources rxtrace demo"))
    }

    @Test func demoIsASubcommand() throws {
        #expect(try RxTraceCommand.parseAsRoot(["demo"]) is DemoCommand)
    }

    @Test func versionIsPrinted() {
        do {
            _ = try RxTraceCommand.parseAsRoot(["--version"])
            Issue.record("--version should exit")
        } catch {
            #expect(RxTraceCommand.fullMessage(for: error) == "0.1.0")
            #expect(RxTraceCommand.exitCode(for: error) == .success)
        }
    }
}
