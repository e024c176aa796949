import CoreMetrics
import Dispatch
import RxCore
import RxLeakCheck
import RxTraceAnalysis
import RxTraceFormat

/// Keeps swift-metrics gauges up to date with the live resource counts of the core, on a timer.
///
/// The metrics (names start with the configuration's prefix, `rx` by default):
/// - `rx_resources_count`: a gauge, `Resources.total`;
/// - `rx_resources_live` with a `type` dimension: a gauge per resource type, the type's name
///   without generic arguments (``RxMetricsConfiguration/typeLimit`` distinct values at most,
///   the rest summed as `other`); a type whose resources are all gone reads 0;
/// - `rx_probe_events_total` with `probe` and `kind` dimensions: a counter of the events
///   through each `debug()` probe while tracing (`subscribed`, `next`, `error`, `completed`,
///   `disposed`), exact however many records the ring buffer overwrote
///   (``RxMetricsConfiguration/probeLimit`` distinct probes, the rest as `other`);
/// - while started, for every `LeakCheck` that runs in the process: `rx_leak_check_growth`, a
///   gauge of the live total's growth in the last measured iteration,
///   `rx_leak_check_iterations_total`, a counter of measured iterations, and
///   `rx_leak_checks_total` with a `verdict` dimension, a counter of finished checks.
///
/// Every update runs on the reporter's own serial queue; leak check events are recorded on the
/// thread that runs the check. The metrics backend is never called with a lock of ours held.
/// @unchecked: every mutable field is touched only on the reporter's serial queue.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
public final class RxMetricsReporter: @unchecked Sendable {
    /// The configuration it runs with.
    public let configuration: RxMetricsConfiguration

    private let factory: any MetricsFactory
    private let queue = DispatchQueue(label: "rxtrace.metrics")
    private var timer: (any DispatchSourceTimer)?
    private let totalGauge: Gauge
    private let leakCheckMetrics: LeakCheckMetrics
    private var leakMonitor: UInt64?
    private var typeGauges: [String: Gauge] = [:]
    /// Labels given out so far, in order; a label keeps its series once it has one.
    private var labels: Set<String> = []
    /// The label of each full type name seen, so names are parsed once.
    private var labelOfType: [String: String] = [:]
    private var probeCounters: [ProbeKindKey: Counter] = [:]
    /// The probe totals at the last update, by probe label, to count only what is new.
    private var lastProbeCounts: [String: TraceProbeTotals] = [:]
    private var probeLabels: Set<String> = []

    private struct ProbeKindKey: Hashable {
        var probe: String
        var kind: TraceEventKind
    }

    /// Labels that had a non-zero value at the last update, to set back to 0 when they empty.
    private var lastNonZero: Set<String> = []

    /// The label of the bucket that sums the types beyond the limit.
    public static let otherTypes = "other"

    /// A reporter that records into `factory` (the process's `MetricsSystem.factory` when
    /// omitted); it does nothing until ``start()`` or ``update()``.
    public init(configuration: RxMetricsConfiguration = RxMetricsConfiguration(), factory: (any MetricsFactory)? = nil) {
        self.configuration = configuration
        let factory = factory ?? MetricsSystem.factory
        self.factory = factory
        totalGauge = Gauge(label: configuration.prefix + "_resources_count", factory: factory)
        leakCheckMetrics = LeakCheckMetrics(prefix: configuration.prefix, factory: factory)
    }

    /// Starts updating every ``RxMetricsConfiguration/period`` (the first update is at once) and
    /// following leak checks.
    public func start() {
        queue.sync {
            guard timer == nil else { return }
            leakMonitor = LeakCheckEvents.addMonitor(leakCheckMetrics.record)
            let source = DispatchSource.makeTimerSource(queue: queue)
            let (seconds, attoseconds) = configuration.period.components
            let nanoseconds = Int(clamping: seconds) &* 1_000_000_000 &+ Int(attoseconds / 1_000_000_000)
            source.schedule(deadline: .now(), repeating: .nanoseconds(max(1_000_000, nanoseconds)))
            source.setEventHandler { [weak self] in self?.updateOnQueue() }
            timer = source
            source.resume()
        }
    }

    /// Stops the timer; the metrics keep their last values.
    public func stop() {
        queue.sync {
            timer?.cancel()
            timer = nil
            if let leakMonitor { LeakCheckEvents.removeMonitor(leakMonitor) }
            leakMonitor = nil
        }
    }

    /// Brings every metric up to date now, and returns when it is done.
    public func update() {
        queue.sync { updateOnQueue() }
    }

    deinit {
        timer?.cancel()
        if let leakMonitor { LeakCheckEvents.removeMonitor(leakMonitor) }
    }

    private func updateOnQueue() {
        let snapshot = Resources.snapshot()
        totalGauge.record(snapshot.total)
        var values: [String: Int] = [:]
        for (name, count) in snapshot.types {
            values[label(for: name), default: 0] += count
        }
        for (label, value) in values {
            gauge(label).record(value)
        }
        for label in lastNonZero where values[label] == nil {
            gauge(label).record(0)
        }
        lastNonZero = Set(values.keys)
        updateProbeCounters()
    }

    private func updateProbeCounters() {
        var now: [String: TraceProbeTotals] = [:]
        for probe in Trace.probeTotals() {
            let label = probeLabel(for: probe.identifier)
            var sum = now[label] ?? TraceProbeTotals()
            for kind in TraceEventKind.allCases {
                sum[kind] &+= probe.counts[kind]
            }
            now[label] = sum
        }
        for (label, counts) in now {
            let before = lastProbeCounts[label] ?? TraceProbeTotals()
            for kind in TraceEventKind.allCases {
                // A count below the last one means a new trace session, which starts at zero.
                let new = counts[kind] >= before[kind] ? counts[kind] - before[kind] : counts[kind]
                if new > 0 { probeCounter(label, kind).increment(by: Int64(clamping: new)) }
            }
        }
        lastProbeCounts = now
    }

    private func probeLabel(for identifier: String) -> String {
        if probeLabels.contains(identifier) { return identifier }
        guard probeLabels.count < configuration.probeLimit - 1 else { return Self.otherTypes }
        probeLabels.insert(identifier)
        return identifier
    }

    private func probeCounter(_ probe: String, _ kind: TraceEventKind) -> Counter {
        let key = ProbeKindKey(probe: probe, kind: kind)
        if let counter = probeCounters[key] { return counter }
        let counter = Counter(
            label: configuration.prefix + "_probe_events_total",
            dimensions: [("probe", probe), ("kind", Self.kindName(kind))],
            factory: factory
        )
        probeCounters[key] = counter
        return counter
    }

    private static func kindName(_ kind: TraceEventKind) -> String {
        switch kind {
        case .subscribed: "subscribed"
        case .next: "next"
        case .error: "error"
        case .completed: "completed"
        case .disposed: "disposed"
        }
    }

    /// The label for a type: its own while fewer than the limit have been given out.
    private func label(for name: String) -> String {
        if let known = labelOfType[name] { return known }
        var label = ResourceTypeLabel.label(for: name)
        if !labels.contains(label) {
            // One of the places is kept for `other`.
            if labels.count < configuration.typeLimit - 1 {
                labels.insert(label)
            } else {
                label = Self.otherTypes
            }
        }
        labelOfType[name] = label
        return label
    }

    private func gauge(_ label: String) -> Gauge {
        if let gauge = typeGauges[label] { return gauge }
        let gauge = Gauge(label: configuration.prefix + "_resources_live", dimensions: [("type", label)], factory: factory)
        typeGauges[label] = gauge
        return gauge
    }
}
