import RxCore
import RxTraceAnalysis

/// Runs a scenario again and again and says whether it leaks: RxSwift's "Debugging memory
/// leaks" procedure, automated.
///
/// The procedure in RxSwift's guide is to use a screen, leave it, note `Resources.total`, do it
/// again and compare, knowing that the first run only loads lazy resources. `run` does exactly
/// that: it runs the scenario `warmUp` times, then `iterations` more times, lets scheduled
/// work settle after each run, and samples the live resource counts per type. The answer is a
/// ``RxTraceAnalysis/LeakReport``: a verdict from a rule that needs growth in *every*
/// iteration (so caches that fill once are not leaks), the types that grew, and where the
/// resources the last iteration left behind were allocated.
///
/// ```swift
/// let report = LeakCheck.run(iterations: 3) {
///     let screen = SearchScreen()
///     screen.open()
///     screen.close()
/// }
/// print(report)   // Leak check: clean (3 iterations after the warm-up) ...
/// ```
///
/// By default only the scenario's own resources are counted (``LeakCounting/scoped``), so
/// checks stay correct while other tests run in parallel. The lines of user code that made
/// the leaked resources come from the `#fileID` and `#line` that `subscribe`, `bind`, `drive`
/// and `debug` take; set ``RxCore/AllocationSites/mode`` (or `RXTRACE_SITES`) to add
/// backtraces.
///
/// Built without the `TraceResources` trait the scenario still runs, but nothing is counted:
/// the report is ``RxTraceAnalysis/LeakVerdict/inconclusive`` and says why.
public enum LeakCheck {
    /// Runs `scenario` `warmUp` times, then `iterations` times, and reports whether it leaks.
    ///
    /// - Parameters:
    ///   - warmUp: Runs whose growth is expected (lazy statics, caches); the sample after the
    ///     last of them is the baseline. With 0, the baseline is taken before the first run.
    ///   - iterations: Measured runs; a verdict needs at least 2.
    ///   - allowedGrowth: Growth of the total per iteration that is tolerated.
    ///   - settle: How to let the work each run started finish before counting.
    ///   - counting: The scenario's own resources, or every resource of the process.
    ///   - scenario: One repetition of what might leak.
    /// - Returns: The verdict with the counts, types and sites behind it.
    public static func run(
        warmUp: Int = 1,
        iterations: Int = 3,
        allowedGrowth: Int = 0,
        settle: LeakSettle = .untilQuiet(),
        counting: LeakCounting = .scoped,
        _ scenario: () throws -> Void
    ) rethrows -> LeakReport {
        var session = LeakCheckSession(warmUp: warmUp, iterations: iterations, counting: counting)
        for run in session.runs {
            session.willRun(run)
            try session.scope.run(scenario)
            settle.drain()
            settle.waitForQuiet { session.liveCount() }
            session.didRun(run)
        }
        return session.report(allowedGrowth: allowedGrowth)
    }

    /// Runs asynchronous `scenario` `warmUp` times, then `iterations` times, and reports whether
    /// it leaks; the same as the synchronous form, for scenarios that await.
    ///
    /// Tasks the scenario starts belong to its scope too, so their resources are counted.
    ///
    /// - Parameters:
    ///   - warmUp: Runs whose growth is expected; the sample after the last is the baseline.
    ///   - iterations: Measured runs; a verdict needs at least 2.
    ///   - allowedGrowth: Growth of the total per iteration that is tolerated.
    ///   - settle: How to let the work each run started finish before counting.
    ///   - counting: The scenario's own resources, or every resource of the process.
    ///   - isolation: The caller's actor isolation (filled in by the compiler).
    ///   - scenario: One repetition of what might leak.
    /// - Returns: The verdict with the counts, types and sites behind it.
    public static func run(
        warmUp: Int = 1,
        iterations: Int = 3,
        allowedGrowth: Int = 0,
        settle: LeakSettle = .untilQuiet(),
        counting: LeakCounting = .scoped,
        isolation: isolated (any Actor)? = #isolation,
        _ scenario: () async throws -> Void
    ) async rethrows -> LeakReport {
        var session = LeakCheckSession(warmUp: warmUp, iterations: iterations, counting: counting)
        for run in session.runs {
            session.willRun(run)
            try await session.scope.run(isolation: isolation, scenario)
            settle.drain()
            await settle.waitForQuiet { session.liveCount() }
            session.didRun(run)
        }
        return session.report(allowedGrowth: allowedGrowth)
    }
}
