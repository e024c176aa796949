import RxLeakCheck
import RxTraceAnalysis
import Testing

/// Records a Swift Testing issue when `scenario` leaks: its live resources keep growing over
/// the runs after `warmUp` runs (see `LeakCheck` and the rule of
/// `LeakAnalysis`).
///
/// Only the scenario's own resources are counted, so the check is correct while other tests
/// run in parallel. The issue, recorded at the call, is the report's summary (its headline,
/// not a comment under "Issue recorded"): the growth per iteration, the types that grew and
/// the lines of code that made the leaked resources.
///
/// Counting needs the `TraceResources` trait. Without it the scenario runs and the
/// expectation records a warning (a visible skip, not a failure) whose one line names the
/// trait and `swift test --traits TraceResources`; when the `CI` environment variable is set it
/// records a failure instead, unless `RXTRACE_ALLOW_UNCOUNTED=1` allows uncounted runs.
///
/// ```swift
/// @Test func closingTheScreenReleasesItsSubscriptions() {
///     expectNoLeaks {
///         let screen = SearchScreen()
///         screen.open()
///         screen.close()
///     }
/// }
/// ```
///
/// - Parameters:
///   - warmUp: Runs whose growth is expected (lazy statics, caches).
///   - iterations: The fewest measured runs before a clean verdict; at least 2.
///   - maxIterations: The most measured runs; growth that has not stopped by then is a leak.
///   - allowedGrowth: Growth of the total per iteration that is tolerated.
///   - settle: How to let scheduled work finish after each run.
///   - baseline: Accepted leaks: only leaking sites it does not list are an issue.
///   - sourceLocation: Where the expectation is, for the issue.
///   - scenario: One repetition of what might leak.
/// - Returns: The report, for further checks.
@discardableResult
public func expectNoLeaks(
    warmUp: Int = 1,
    iterations: Int = LeakCheck.defaultIterations,
    maxIterations: Int = LeakCheck.defaultMaxIterations,
    allowedGrowth: Int = 0,
    settle: LeakSettle = .untilQuiet(),
    baseline: LeakBaseline? = nil,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ scenario: () throws -> Void
) rethrows -> LeakReport {
    LeakIssue.recordIfUncounted(sourceLocation: sourceLocation)
    let expectation = LeakExpectation(
        warmUp: warmUp,
        iterations: iterations,
        maxIterations: maxIterations,
        allowedGrowth: allowedGrowth,
        settle: settle,
        baseline: baseline
    )
    return try expectation.check(scenario) { LeakIssue.record($0, sourceLocation: sourceLocation) }
}

/// Records a Swift Testing issue when asynchronous `scenario` leaks; the same as the
/// synchronous form, for scenarios that await (and like it, never silent when the build
/// cannot count).
///
/// - Parameters:
///   - warmUp: Runs whose growth is expected (lazy statics, caches).
///   - iterations: The fewest measured runs before a clean verdict; at least 2.
///   - maxIterations: The most measured runs; growth that has not stopped by then is a leak.
///   - allowedGrowth: Growth of the total per iteration that is tolerated.
///   - settle: How to let scheduled work finish after each run.
///   - baseline: Accepted leaks: only leaking sites it does not list are an issue.
///   - sourceLocation: Where the expectation is, for the issue.
///   - isolation: The caller's actor isolation (filled in by the compiler).
///   - scenario: One repetition of what might leak.
/// - Returns: The report, for further checks.
@discardableResult
@available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *)
public func expectNoLeaks(
    warmUp: Int = 1,
    iterations: Int = LeakCheck.defaultIterations,
    maxIterations: Int = LeakCheck.defaultMaxIterations,
    allowedGrowth: Int = 0,
    settle: LeakSettle = .untilQuiet(),
    baseline: LeakBaseline? = nil,
    sourceLocation: SourceLocation = #_sourceLocation,
    isolation: isolated (any Actor)? = #isolation,
    _ scenario: () async throws -> Void
) async rethrows -> LeakReport {
    LeakIssue.recordIfUncounted(sourceLocation: sourceLocation)
    let expectation = LeakExpectation(
        warmUp: warmUp,
        iterations: iterations,
        maxIterations: maxIterations,
        allowedGrowth: allowedGrowth,
        settle: settle,
        baseline: baseline
    )
    return try await expectation.check(isolation: isolation, scenario) { LeakIssue.record($0, sourceLocation: sourceLocation) }
}
