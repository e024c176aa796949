import Foundation

/// What ``RxMetrics`` reports and how often.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
public struct RxMetricsConfiguration: Sendable {
    /// How often the gauges and counters are brought up to date. Each update reads the live
    /// counts once (about a microsecond per hundred resource types); ten seconds is a good
    /// match for a Prometheus scrape interval of 15 s or more.
    public var period: Duration

    /// The most distinct `type` values the per-type gauge uses; types beyond it are summed
    /// under `other`, so a program with many generic instantiations cannot flood the metrics
    /// backend with series.
    public var typeLimit: Int

    /// The most distinct `probe` values the probe event counter uses; probes beyond it are
    /// counted under `other`.
    public var probeLimit: Int

    /// The first word of every metric name (`rx` gives `rx_resources_live`).
    public var prefix: String

    /// Creates a configuration.
    ///
    /// - Parameters:
    ///   - period: How often to update; at least one millisecond.
    ///   - typeLimit: The most distinct `type` dimension values.
    ///   - probeLimit: The most distinct `probe` dimension values.
    ///   - prefix: The first word of every metric name.
    public init(period: Duration = .seconds(10), typeLimit: Int = 50, probeLimit: Int = 100, prefix: String = "rx") {
        self.period = max(period, .milliseconds(1))
        self.typeLimit = max(1, typeLimit)
        self.probeLimit = max(1, probeLimit)
        self.prefix = prefix
    }

    /// The configuration `RXTRACE_METRICS` asks for: `nil` when it is unset, empty or `0`;
    /// the default period for `1`; else a period such as `500ms`, `5s` or `2m`.
    ///
    /// - Throws: ``RxMetricsConfigurationError`` for a value that is none of these.
    public static func fromEnvironment(_ value: String?) throws -> RxMetricsConfiguration? {
        guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty, value != "0" else { return nil }
        if value == "1" { return RxMetricsConfiguration() }
        let units: [(suffix: String, duration: (Int) -> Duration)] = [
            ("ms", { .milliseconds($0) }), ("s", { .seconds($0) }), ("m", { .seconds($0 * 60) }),
        ]
        for unit in units where value.hasSuffix(unit.suffix) {
            if let count = Int(value.dropLast(unit.suffix.count)), count > 0, count <= 86_400_000 {
                return RxMetricsConfiguration(period: unit.duration(count))
            }
        }
        throw RxMetricsConfigurationError(value: value)
    }
}

/// An `RXTRACE_METRICS` value that is not a switch or a period.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
public struct RxMetricsConfigurationError: Error, CustomStringConvertible, Sendable {
    /// The value given.
    public let value: String

    /// One line saying what was wrong and what is accepted.
    public var description: String {
        "RXTRACE_METRICS=\"\(value)\" is not 0, 1 or a period such as 500ms, 10s or 2m"
    }
}
