import CoreMetrics
import Foundation

/// Live resource counts of the core as swift-metrics gauges, for any metrics backend
/// (Prometheus, StatsD, OpenTelemetry): bootstrap the backend, then start the reporter once.
///
/// ```swift
/// MetricsSystem.bootstrap(PrometheusMetricsFactory(registry: registry))
/// RxMetrics.startIfRequested()        // when RXTRACE_METRICS is set (1, 5s, 500ms, ...)
/// // or unconditionally:
/// let reporter = RxMetrics.start(RxMetricsConfiguration(period: .seconds(5)))
/// ```
///
/// The counts are those of the `TraceResources` trait: built without it, the gauges read 0.
/// When neither call is made, nothing runs.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
public enum RxMetrics {
    /// Starts a reporter with `configuration`, recording into `MetricsSystem.factory`.
    @discardableResult
    public static func start(_ configuration: RxMetricsConfiguration = RxMetricsConfiguration()) -> RxMetricsReporter {
        let reporter = RxMetricsReporter(configuration: configuration)
        reporter.start()
        return reporter
    }

    /// Starts a reporter when the environment asks for one with `RXTRACE_METRICS`, and
    /// returns it; `nil` when it is unset, empty or `0`. A value that is not a period is
    /// reported on standard error and nothing starts: metrics never stop a host.
    @discardableResult
    public static func startIfRequested(environment: [String: String] = ProcessInfo.processInfo.environment) -> RxMetricsReporter? {
        do {
            guard let configuration = try RxMetricsConfiguration.fromEnvironment(environment["RXTRACE_METRICS"]) else { return nil }
            return start(configuration)
        } catch {
            FileHandle.standardError.write(Data("rxtrace: metrics not started: \(error)\n".utf8))
            return nil
        }
    }
}
