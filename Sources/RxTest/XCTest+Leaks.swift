import RxCore
import RxLeakCheck
import RxTraceAnalysis
import XCTest

/// Fails the test when `scenario` leaks: its live resources keep growing over the runs after
/// `warmUp` runs (see `LeakCheck` and the rule of
/// `LeakAnalysis`).
///
/// The failure message is the report's summary: the growth per iteration, the types that
/// grew and the lines of code that made the leaked resources, so the test log alone explains
/// the leak.
///
/// Counting needs the `TraceResources` trait. Without it the assertion never passes: it throws
/// `XCTSkip` with a one-line reason naming the trait and `swift test --traits TraceResources`,
/// and when the `CI` environment variable is set it fails instead, unless
/// `RXTRACE_ALLOW_UNCOUNTED=1` allows uncounted runs (then it skips). Hence `throws`: call it
/// with `try` from a throwing test.
///
/// ```swift
/// func testClosingTheScreenReleasesItsSubscriptions() throws {
///     try XCTAssertNoLeaks {
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
///   - baseline: Accepted leaks: the assertion fails only on leaking sites it does not list.
///   - message: Put in front of the failure message.
///   - file: The file of the assertion.
///   - line: The line of the assertion.
///   - scenario: One repetition of what might leak.
/// - Returns: The report, for further checks.
/// - Throws: `XCTSkip` when the build cannot count (see above), or what `scenario` throws.
@discardableResult
public func XCTAssertNoLeaks(
    warmUp: Int = 1,
    iterations: Int = LeakCheck.defaultIterations,
    maxIterations: Int = LeakCheck.defaultMaxIterations,
    allowedGrowth: Int = 0,
    settle: LeakSettle = .untilQuiet(),
    baseline: LeakBaseline? = nil,
    _ message: @autoclosure () -> String = "",
    file: StaticString = #filePath,
    line: UInt = #line,
    _ scenario: () throws -> Void
) throws -> LeakReport {
    try skipOrFailUncounted(file: file, line: line)
    let expectation = LeakExpectation(
        warmUp: warmUp,
        iterations: iterations,
        maxIterations: maxIterations,
        allowedGrowth: allowedGrowth,
        settle: settle,
        baseline: baseline,
        context: message()
    )
    return try expectation.check(scenario) { XCTFail($0, file: file, line: line) }
}

/// Fails the test when asynchronous `scenario` leaks; the same as the synchronous form, for
/// scenarios that await (and like it, skips or fails when the build cannot count).
///
/// - Parameters:
///   - warmUp: Runs whose growth is expected (lazy statics, caches).
///   - iterations: The fewest measured runs before a clean verdict; at least 2.
///   - maxIterations: The most measured runs; growth that has not stopped by then is a leak.
///   - allowedGrowth: Growth of the total per iteration that is tolerated.
///   - settle: How to let scheduled work finish after each run.
///   - baseline: Accepted leaks: the assertion fails only on leaking sites it does not list.
///   - message: Put in front of the failure message.
///   - file: The file of the assertion.
///   - line: The line of the assertion.
///   - isolation: The caller's actor isolation (filled in by the compiler).
///   - scenario: One repetition of what might leak.
/// - Returns: The report, for further checks.
/// - Throws: `XCTSkip` when the build cannot count (see above), or what `scenario` throws.
@discardableResult
@available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *)
public func XCTAssertNoLeaks(
    warmUp: Int = 1,
    iterations: Int = LeakCheck.defaultIterations,
    maxIterations: Int = LeakCheck.defaultMaxIterations,
    allowedGrowth: Int = 0,
    settle: LeakSettle = .untilQuiet(),
    baseline: LeakBaseline? = nil,
    _ message: @autoclosure () -> String = "",
    file: StaticString = #filePath,
    line: UInt = #line,
    isolation: isolated (any Actor)? = #isolation,
    _ scenario: () async throws -> Void
) async throws -> LeakReport {
    try skipOrFailUncounted(file: file, line: line)
    let expectation = LeakExpectation(
        warmUp: warmUp,
        iterations: iterations,
        maxIterations: maxIterations,
        allowedGrowth: allowedGrowth,
        settle: settle,
        baseline: baseline,
        context: message()
    )
    return try await expectation.check(isolation: isolation, scenario) { XCTFail($0, file: file, line: line) }
}

/// Throws `XCTSkip` when this build cannot count resources, or records a failure instead in CI
/// without the opt-out (``UncountedLeakCheck``); does nothing when counting is on.
private func skipOrFailUncounted(file: StaticString, line: UInt) throws {
    guard !Resources.isEnabled else { return }
    switch UncountedLeakCheck.outcome() {
    case .skip(let reason):
        throw XCTSkip(reason, file: file, line: line)
    case .fail(let message):
        XCTFail(message, file: file, line: line)
    }
}
