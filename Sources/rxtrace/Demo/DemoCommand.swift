import ArgumentParser
import RxCore

/// `rxtrace demo`: runs the built-in scenarios and prints a leak verdict for each.
struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Run a clean and a leaking scenario and compare their resource counts.",
        discussion: """
            Each scenario runs \(DemoCommand.repetitions) times in this process (one warm-up, then \
            \(DemoCommand.repetitions - 1) measured repetitions); Resources.total is printed after \
            each run and the growth per measured repetition gives the verdict. Counting needs the \
            TraceResources trait: \(CountingOffNotice.command)
            """
    )

    /// Runs per scenario: the warm-up plus the measured repetitions.
    static let repetitions = 3

    func run() throws {
        guard Resources.isEnabled else {
            print(CountingOffNotice.text)
            throw ExitCode.failure
        }
        print(Self.report(scenarios: DemoScenario.all, snapshot: Resources.snapshot))
    }

    /// Measures each scenario and renders the whole report.
    ///
    /// - Parameters:
    ///   - scenarios: The scenarios to run, in order.
    ///   - snapshot: Reads the live resource counts.
    /// - Returns: The report text, one block per scenario.
    static func report(scenarios: [DemoScenario], snapshot: () -> ResourceSnapshot) -> String {
        let header = "rxtrace demo: each scenario runs \(repetitions) times "
            + "(1 warm-up + \(repetitions - 1)), counting live resources after each run."
        let blocks = scenarios.map { scenario in
            let measurement = LeakMeasurement(
                repetitions: repetitions,
                snapshot: snapshot,
                repetition: scenario.repetition
            )
            return DemoReport.lines(for: scenario, measurement: measurement).joined(separator: "\n")
        }
        return ([header] + blocks).joined(separator: "\n\n")
    }
}
