import CoreMetrics
import Foundation
import Prometheus
import RxCore
import RxMetrics

// MetricsHost [--port N] [--leak-every-ms N]
//
// Serves rxtrace's resource gauges in Prometheus' text format on 127.0.0.1 and, every
// --leak-every-ms milliseconds, leaks one subscription (a map over a subject, never disposed),
// so that the `rx_resources_live{type="MapSink"}` series grows for as long as it runs.

var port = 0
var leakInterval = 100
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let argument = arguments.next() {
    switch argument {
    case "--port": port = Int(arguments.next() ?? "") ?? 0
    case "--leak-every-ms": leakInterval = max(1, Int(arguments.next() ?? "") ?? 100)
    default:
        FileHandle.standardError.write(Data("MetricsHost: unknown argument \(argument)\n".utf8))
        exit(64)
    }
}

let registry = PrometheusCollectorRegistry()
MetricsSystem.bootstrap(PrometheusMetricsFactory(registry: registry))
// RXTRACE_METRICS chooses the period when set; otherwise every 200 ms.
let reporter = RxMetrics.startIfRequested() ?? RxMetrics.start(RxMetricsConfiguration(period: .milliseconds(200)))

let endpoint = try ScrapeEndpoint(port: port)
endpoint.serve { registry.emitToBuffer() }
// Unbuffered, so that a script waiting for this line sees it at once.
FileHandle.standardOutput.write(Data("listening on 127.0.0.1:\(endpoint.port)\n".utf8))

/// The leak: subscriptions that are kept and never disposed.
let subject = PublishSubject<Int>()
var leaked: [any Disposable] = []
while true {
    leaked.append(subject.map { $0 + 1 }.subscribe(onNext: { _ in }))
    Thread.sleep(forTimeInterval: Double(leakInterval) / 1000)
}
