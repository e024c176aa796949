import CoreMetrics
import Foundation
import MetricsTestKit
import RxCore
import RxLeakCheck
import RxMetrics
import TestSupport
import Testing

/// The reporter's gauges, read back through swift-metrics' test backend.
@Suite("RxMetrics: resource gauges", .serialized)
struct RxMetricsReporterTests {
    @Test("RXTRACE_METRICS: off, on, a period, and a clear error for anything else")
    func environment() throws {
        #expect(try RxMetricsConfiguration.fromEnvironment(nil) == nil)
        #expect(try RxMetricsConfiguration.fromEnvironment("") == nil)
        #expect(try RxMetricsConfiguration.fromEnvironment("0") == nil)
        #expect(try RxMetricsConfiguration.fromEnvironment("1")?.period == .seconds(10))
        #expect(try RxMetricsConfiguration.fromEnvironment("500ms")?.period == .milliseconds(500))
        #expect(try RxMetricsConfiguration.fromEnvironment("5s")?.period == .seconds(5))
        #expect(try RxMetricsConfiguration.fromEnvironment("2m")?.period == .seconds(120))
        for bad in ["fast", "-5s", "0s", "5h", "5 s x"] {
            #expect(throws: RxMetricsConfigurationError.self) { try RxMetricsConfiguration.fromEnvironment(bad) }
        }
        #expect(RxMetrics.startIfRequested(environment: [:]) == nil)
        #expect(RxMetrics.startIfRequested(environment: ["RXTRACE_METRICS": "soon"]) == nil)
    }

    @Test("the total and each type's live count, as the counts rise and fall", .enabled(if: Resources.isEnabled))
    func gaugesFollowTheCounts() throws {
        let metrics = TestMetrics()
        let reporter = RxMetricsReporter(factory: metrics)
        let baseline = Resources.snapshot()
        reporter.update()
        #expect(try metrics.expectGauge("rx_resources_count").lastValue == Double(baseline.total))

        let subject = PublishSubject<Int>()
        let subscriptions = (0..<3).map { _ in subject.map { $0 + 1 }.subscribe(onNext: { _ in }) }
        reporter.update()
        let during = Resources.snapshot()
        #expect(try metrics.expectGauge("rx_resources_count").lastValue == Double(during.total))
        // Three map sinks whatever their generic arguments: one series named MapSink.
        let mapSinks = during.types.filter { $0.key.hasPrefix("MapSink<") }.map(\.value).reduce(0, +)
        #expect(mapSinks >= 3)
        #expect(try metrics.expectGauge("rx_resources_live", [("type", "MapSink")]).lastValue == Double(mapSinks))

        subscriptions.forEach { $0.dispose() }
        reporter.update()
        // Back to what other tests left alive; when that is none, the series reads 0, not its
        // last non-zero value.
        let after = Resources.snapshot().types.filter { $0.key.hasPrefix("MapSink<") }.map(\.value).reduce(0, +)
        #expect(try metrics.expectGauge("rx_resources_live", [("type", "MapSink")]).lastValue == Double(after))
        #expect(after == mapSinks - 3)
        #expect(try metrics.expectGauge("rx_resources_count").lastValue == Double(Resources.total))
    }

    @Test("types beyond the limit are summed under other", .enabled(if: Resources.isEnabled))
    func typeLimit() throws {
        let metrics = TestMetrics()
        let reporter = RxMetricsReporter(configuration: RxMetricsConfiguration(typeLimit: 2), factory: metrics)
        let subject = PublishSubject<Int>()
        let a = subject.map { $0 }.filter { $0 > 0 }.subscribe(onNext: { _ in })
        defer { a.dispose() }
        reporter.update()
        let series = metrics.recorders(label: "rx_resources_live")
        let types = Set(series.flatMap { $0.dimensions.filter { $0.0 == "type" }.map(\.1) })
        #expect(types.count == 2)
        #expect(types.contains(RxMetricsReporter.otherTypes))
        let summed = series.compactMap(\.lastValue).reduce(0, +)
        #expect(summed == Double(Resources.total))
    }

    @Test("started, it updates on its period without being asked; stopped, it stops")
    func timer() async throws {
        let metrics = TestMetrics()
        let reporter = RxMetricsReporter(configuration: RxMetricsConfiguration(period: .milliseconds(10)), factory: metrics)
        reporter.start()
        let deadline = MonotonicInstant.after(seconds: 30)
        while (try? metrics.expectGauge("rx_resources_count"))?.values.count ?? 0 < 3, !deadline.hasPassed {
            try await Task.sleep(milliseconds: 5)
        }
        reporter.stop()
        let count = try metrics.expectGauge("rx_resources_count").values.count
        #expect(count >= 3)
        try await Task.sleep(milliseconds: 50)
        #expect(try metrics.expectGauge("rx_resources_count").values.count == count)
    }
}

/// The probe event counters, from the exact per-probe totals of a running trace.
@Suite("RxMetrics: probe event counters", .serialized)
struct RxMetricsProbeCounterTests {
    @Test("each probe's events counted once per update, exact beyond a small ring")
    func probeEvents() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("rxmetrics-\(getpid()).rxtrace").path
        Trace.start(TraceConfiguration(path: path, capacity: 1024, dumpsAtExit: false, dumpsOnSignal: false))
        defer { Trace.stop() }
        let metrics = TestMetrics()
        let reporter = RxMetricsReporter(factory: metrics)
        let subject = PublishSubject<Int>()
        let subscription = subject.debug("metrics probe").subscribe(onNext: { _ in })
        for value in 0..<5000 { subject.onNext(value) }
        reporter.update()
        #expect(metrics.counterTotal(label: "rx_probe_events_total", dimensions: [("probe", "metrics probe"), ("kind", "next")]) == 5000)
        #expect(
            metrics.counterTotal(label: "rx_probe_events_total", dimensions: [("probe", "metrics probe"), ("kind", "subscribed")]) == 1)
        for value in 0..<7 { subject.onNext(value) }
        subject.onCompleted()
        subscription.dispose()
        reporter.update()
        reporter.update()
        #expect(metrics.counterTotal(label: "rx_probe_events_total", dimensions: [("probe", "metrics probe"), ("kind", "next")]) == 5007)
        #expect(metrics.counterTotal(label: "rx_probe_events_total", dimensions: [("probe", "metrics probe"), ("kind", "completed")]) == 1)
        #expect(metrics.counterTotal(label: "rx_probe_events_total", dimensions: [("probe", "metrics probe"), ("kind", "disposed")]) == 1)
    }
}

/// The leak check metrics, fed by the checks that run while the reporter is started.
@Suite("RxMetrics: leak check metrics", .serialized)
struct RxMetricsLeakCheckTests {
    @Test("a leaking check's iterations, growth and verdict", .enabled(if: Resources.isEnabled))
    func leakCheck() throws {
        let metrics = TestMetrics()
        let reporter = RxMetricsReporter(configuration: RxMetricsConfiguration(period: .seconds(3600)), factory: metrics)
        reporter.start()
        defer { reporter.stop() }
        let subject = PublishSubject<Int>()
        var kept: [any Disposable] = []
        let report = LeakCheck.run(iterations: 3, maxIterations: 3, settle: .immediately) {
            kept.append(subject.map { $0 }.subscribe(onNext: { _ in }))
        }
        defer { kept.forEach { $0.dispose() } }
        #expect(report.verdict == .leaking)
        #expect(metrics.counterTotal(label: "rx_leak_check_iterations_total") == 3)
        #expect(metrics.counterTotal(label: "rx_leak_checks_total", dimensions: [("verdict", "leaking")]) == 1)
        #expect(metrics.counterTotal(label: "rx_leak_checks_total", dimensions: [("verdict", "clean")]) == 0)
        #expect(try metrics.expectGauge("rx_leak_check_growth").lastValue == Double(report.growth.last ?? -1))
        #expect((report.growth.last ?? 0) > 0)
    }

    @Test("a stopped reporter no longer follows leak checks")
    func stopped() throws {
        let metrics = TestMetrics()
        let reporter = RxMetricsReporter(configuration: RxMetricsConfiguration(period: .seconds(3600)), factory: metrics)
        reporter.start()
        reporter.stop()
        // Leak checks are process-wide: one run by a parallel test while the reporter was
        // started is counted, so compare with the count at the moment it stopped.
        let atStop = metrics.counterTotal(label: "rx_leak_check_iterations_total")
        _ = LeakCheck.run(iterations: 2, maxIterations: 2, settle: .immediately) {}
        #expect(metrics.counterTotal(label: "rx_leak_check_iterations_total") == atStop)
    }
}
