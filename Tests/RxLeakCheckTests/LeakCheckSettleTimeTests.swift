import Dispatch
import RxCore
import RxLeakCheck
import RxTraceAnalysis
import Testing

@testable import RxLeakCheck

/// The settle's times are RxSwift's `RxTimeInterval` and are measured on `DispatchTime`, so the
/// leak checks need no system newer than the package's floor: what each interval means, how
/// `.never` is taken, and that the waits are still measured and reported.
@Suite("LeakCheck settle times: RxTimeInterval in, DispatchTime measured")
struct LeakCheckSettleTimeTests {
    /// An interval and the nanoseconds the checks take it for (`nil`: `.never`).
    struct Conversion: CustomTestStringConvertible, Sendable {
        let interval: RxTimeInterval
        let nanoseconds: Int64?
        var testDescription: String { "\(interval) is \(nanoseconds.map(String.init) ?? "no limit")" }
    }

    @Test(
        "every RxTimeInterval becomes 64-bit nanoseconds: negative is zero, too long saturates, .never is no limit",
        arguments: [
            Conversion(interval: .seconds(5), nanoseconds: 5_000_000_000),
            Conversion(interval: .milliseconds(20), nanoseconds: 20_000_000),
            Conversion(interval: .microseconds(1_500), nanoseconds: 1_500_000),
            Conversion(interval: .nanoseconds(7), nanoseconds: 7),
            Conversion(interval: .milliseconds(-3), nanoseconds: 0),
            Conversion(interval: .seconds(Int.max), nanoseconds: Int64.max),
            Conversion(interval: .never, nanoseconds: nil),
        ]
    )
    func intervalsInNanoseconds(_ conversion: Conversion) {
        #expect(LeakTiming.nanoseconds(conversion.interval) == conversion.nanoseconds)
    }

    @Test("the settle presets keep their times: 20 ms quiet within 2 s; .never as a timeout is no limit")
    func presets() {
        #expect(LeakSettle.untilQuiet().quietNanoseconds == 20_000_000)
        #expect(LeakSettle.untilQuiet().timeoutNanoseconds == 2_000_000_000)
        #expect(LeakSettle.draining().timeoutNanoseconds == 2_000_000_000)
        #expect(LeakSettle.immediately.quietNanoseconds == nil)
        #expect(LeakSettle.untilQuiet(for: .milliseconds(5), timeout: .never).timeoutNanoseconds == nil)
        #expect(LeakSettle.custom {}.untilQuiet(for: .microseconds(10)).quietNanoseconds == 10_000)
    }

    @Test(
        "settle times in RxTimeInterval variables: the wait for delayed work is measured and reported",
        .enabled(if: Resources.isEnabled, "needs the TraceResources trait")
    )
    func waitIsMeasured() {
        let quiet: RxTimeInterval = .milliseconds(5)
        let limit: RxTimeInterval = .seconds(5)
        let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "settle-time.measured")
        let report = LeakCheck.run(warmUp: 0, iterations: 2, maxIterations: 2, settle: .untilQuiet(for: quiet, timeout: limit)) {
            _ = Observable.just(1).delay(.milliseconds(60), scheduler: scheduler).subscribe()
        }
        #expect(report.verdict == .clean, "\(report.summary)")
        #expect(report.settle?.timeouts == 0)
        #expect((report.settle?.longestWaitNanoseconds ?? 0) >= 60_000_000)
        #expect((report.durationNanoseconds ?? 0) >= 120_000_000)
    }

    @Test(
        "a timeout of .never waits for work that a finite limit would count as due later",
        .enabled(if: Resources.isEnabled, "needs the TraceResources trait")
    )
    func neverTimeoutHasNoLimit() async {
        let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "settle-time.never")
        // The asynchronous form (an `async` scenario), which suspends while it settles.
        func check(timeout: RxTimeInterval) async -> LeakReport {
            let settle = LeakSettle.untilQuiet(for: .milliseconds(5), timeout: timeout)
            return await LeakCheck.run(warmUp: 0, iterations: 2, maxIterations: 2, settle: settle) { () async in
                _ = Observable.just(1).delay(.milliseconds(150), scheduler: scheduler).subscribe()
            }
        }
        let limited = await check(timeout: .milliseconds(30))
        #expect((limited.settle?.dueLater ?? 0) > 0, "\(limited.summary)")
        let unlimited = await check(timeout: .never)
        #expect(unlimited.verdict == .clean, "\(unlimited.summary)")
        #expect(unlimited.settle?.dueLater == 0)
        #expect(unlimited.settle?.timeouts == 0)
        #expect((unlimited.settle?.longestWaitNanoseconds ?? 0) >= 150_000_000)
    }

    // Exit tests came with Swift 6.2 (the package declares 6.1) and exist only where a test can
    // start a child process.
    #if compiler(>=6.2) && (os(macOS) || os(Linux) || os(Windows))
    @Test("a quiet period of .never stops the program with a precondition failure")
    func neverQuietIsRejected() async {
        await #expect(processExitsWith: .failure) {
            _ = LeakSettle.untilQuiet(for: .never)
        }
    }
    #endif
}
