import Foundation
import RxCore

/// What the demo needs of the runtime: whether it counts resources, where allocation sites come
/// from, and a scenario run with tracing on. It keeps RxCore out of the rest of `rxtrace`,
/// which only reads traces.
package enum DemoTracing {
    /// Whether this build counts resources (the TraceResources trait); without it no verdict
    /// can be given.
    package static var countsResources: Bool { Resources.isEnabled }

    /// Captures a backtrace for every resource, so that a leak shows the lines that made it,
    /// unless the user chose a level with `RXTRACE_SITES`.
    package static func captureAllSitesUnlessChosen() {
        if ProcessInfo.processInfo.environment[AllocationSites.environmentVariable] == nil {
            AllocationSites.mode = .all
        }
    }

    /// Runs `scenario` `repetitions` times with tracing on, marking the end of each repetition
    /// (the first as `warm-up`), and writes the trace to `path`.
    ///
    /// - Throws: `TraceFileError` when the trace cannot be written.
    package static func trace(_ scenario: DemoScenario, repetitions: Int, to path: String) throws {
        Trace.start(TraceConfiguration(path: path, dumpsAtExit: false, dumpsOnSignal: false))
        defer { Trace.stop() }
        for repetition in 1...repetitions {
            scenario.repetition()
            Trace.mark(repetition == 1 ? "warm-up" : "repetition \(repetition - 1)")
        }
        try Trace.dump(to: path)
    }
}
