import RxCore
import RxTraceAnalysis

/// Runs a scenario again and again and says whether it leaks: RxSwift's "Debugging memory
/// leaks" procedure, automated.
///
/// The procedure in RxSwift's guide is to use a screen, leave it, note `Resources.total`, do it
/// again and compare, knowing that the first run only loads lazy resources. `run` does exactly
/// that: it runs the scenario `warmUp` times, then again and again, lets the scenario's
/// scheduled work settle after each run, and samples the live resource counts per type. It
/// stops as soon as the verdict is clear (a clean scenario: after `iterations` runs) and at
/// most after `maxIterations`. The answer is a `LeakReport`: a verdict from
/// the rule of `LeakAnalysis` (growth that keeps coming back is a leak, a
/// cache that fills up is not), how many repetitions it took and why it stopped, the types
/// that grew, and where the resources of the last growing iteration were allocated.
///
/// ```swift
/// let report = LeakCheck.run {
///     let screen = SearchScreen()
///     screen.open()
///     screen.close()
/// }
/// print(report)   // Leak check: clean (4 iterations after the warm-up) ...
/// ```
///
/// By default only the scenario's own resources are counted (``LeakCounting/scoped``), so
/// checks stay correct while other tests run in parallel; work it schedules on the core's
/// schedulers is its own too. The lines of user code that made the leaked resources come from
/// the `#fileID` and `#line` that `subscribe`, `bind`, `drive` and `debug` take; set
/// `AllocationSites.mode` (or `RXTRACE_SITES`) to add backtraces.
///
/// Built without the `TraceResources` trait the scenario still runs, but nothing is counted:
/// the report is `LeakVerdict.inconclusive` and says why.
public enum LeakCheck {
    /// The default fewest measured runs: a clean scenario stops after them, and a leak every
    /// 4th repetition (in any phase) rises at least once before.
    public static let defaultIterations = 4
    /// The default most measured runs: caches that fill within 12 repetitions come out clean;
    /// growth that has not stopped by then is a leak.
    public static let defaultMaxIterations = 16

    /// Runs `scenario` `warmUp` times, then until the verdict is clear (at least `iterations`,
    /// at most `maxIterations` times), and reports whether it leaks.
    ///
    /// - Parameters:
    ///   - warmUp: Runs whose growth is expected (lazy statics, caches); the sample after the
    ///     last of them is the baseline. With 0, the baseline is taken before the first run.
    ///   - iterations: The fewest measured runs before a clean verdict; at least 2.
    ///   - maxIterations: The most measured runs; a series still growing then is a leak.
    ///     Equal to `iterations`, the check runs exactly that many.
    ///   - allowedGrowth: Growth of the total per iteration that is tolerated.
    ///   - settle: How to let the work each run started finish before counting.
    ///   - counting: The scenario's own resources, or every resource of the process.
    ///   - scenario: One repetition of what might leak.
    /// - Returns: The verdict with the counts, types, sites and repetitions behind it.
    public static func run(
        warmUp: Int = 1,
        iterations: Int = defaultIterations,
        maxIterations: Int = defaultMaxIterations,
        allowedGrowth: Int = 0,
        settle: LeakSettle = .untilQuiet(),
        counting: LeakCounting = .scoped,
        _ scenario: () throws -> Void
    ) rethrows -> LeakReport {
        var session = LeakCheckSession(
            warmUp: warmUp,
            iterations: iterations,
            maxIterations: maxIterations,
            allowedGrowth: allowedGrowth,
            counting: counting
        )
        while let run = session.nextRun {
            session.willRun(run)
            try session.scope.run(scenario)
            settle.drain()
            let outcome = settle.waitUntilSettled(scope: session.scope) { session.liveCount() }
            session.didRun(run, settled: outcome)
        }
        let report = session.report()
        LeakCheckEvents.send(.finished(verdict: report.verdict, iterations: report.iterations))
        return report
    }

    /// Runs asynchronous `scenario` `warmUp` times, then until the verdict is clear, and
    /// reports whether it leaks; the same as the synchronous form, for scenarios that await.
    ///
    /// Tasks the scenario starts belong to its scope too, so their resources are counted.
    ///
    /// - Parameters:
    ///   - warmUp: Runs whose growth is expected; the sample after the last is the baseline.
    ///   - iterations: The fewest measured runs before a clean verdict; at least 2.
    ///   - maxIterations: The most measured runs; a series still growing then is a leak.
    ///   - allowedGrowth: Growth of the total per iteration that is tolerated.
    ///   - settle: How to let the work each run started finish before counting.
    ///   - counting: The scenario's own resources, or every resource of the process.
    ///   - isolation: The caller's actor isolation (filled in by the compiler).
    ///   - scenario: One repetition of what might leak.
    /// - Returns: The verdict with the counts, types, sites and repetitions behind it.
    @available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *)
    public static func run(
        warmUp: Int = 1,
        iterations: Int = defaultIterations,
        maxIterations: Int = defaultMaxIterations,
        allowedGrowth: Int = 0,
        settle: LeakSettle = .untilQuiet(),
        counting: LeakCounting = .scoped,
        isolation: isolated (any Actor)? = #isolation,
        _ scenario: () async throws -> Void
    ) async rethrows -> LeakReport {
        var session = LeakCheckSession(
            warmUp: warmUp,
            iterations: iterations,
            maxIterations: maxIterations,
            allowedGrowth: allowedGrowth,
            counting: counting
        )
        while let run = session.nextRun {
            session.willRun(run)
            try await session.scope.run(isolation: isolation, scenario)
            settle.drain()
            let outcome = await settle.waitUntilSettled(scope: session.scope) { session.liveCount() }
            session.didRun(run, settled: outcome)
        }
        let report = session.report()
        LeakCheckEvents.send(.finished(verdict: report.verdict, iterations: report.iterations))
        return report
    }
}
