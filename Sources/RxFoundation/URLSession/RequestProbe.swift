import Foundation
import RxCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What one `URLSession.rx` request leaves behind for debugging: a probe in the trace when
/// tracing is on, and the text lines of ``URLRequestLogging``.
///
/// The probe is named `METHOD scheme://host:port/path` (no query or fragment, so the probe
/// table stays as small as the set of endpoints); its `next` step carries the status, the
/// body's size and the time the request took, and the call site is where the request was
/// made, so `rxtrace report` lists each endpoint next to the code that called it.
///
/// Exactly one of ``finished(response:data:)``, ``failed(_:)`` and ``cancelled()`` takes
/// effect: the disposal that follows a completion is not a cancellation.
final class RequestProbe: Sendable {
    private let request: URLRequest
    private let name: String
    private let activity: TraceActivity?
    /// `DispatchTime`'s monotonic nanoseconds: `ContinuousClock` needs iOS 16 / macOS 13.
    private let start: UInt64
    private let ended = AtomicCell<Bool>(false)

    init(request: URLRequest, site: RequestSite) {
        self.request = request
        name = Self.name(of: request)
        activity = TraceActivity.begin(name, file: site.file, line: site.line, function: site.function)
        start = DispatchTime.now().uptimeNanoseconds
        URLRequestLogging.log("-> \(name)", for: request)
    }

    /// The request answered: notes the status, size and duration and ends the probe.
    func finished(response: URLResponse, data: Data) {
        guard end() else { return }
        let status = (response as? HTTPURLResponse).map { String($0.statusCode) } ?? "no HTTP status"
        let summary = "\(status), \(data.count) bytes, \(Self.milliseconds(since: start)) ms"
        activity?.note(summary)
        activity?.complete()
        URLRequestLogging.log("<- \(name): \(summary)", for: request)
    }

    /// The request failed before a response arrived.
    func failed(_ error: any Error) {
        guard end() else { return }
        activity?.fail(error)
        URLRequestLogging.log("<- \(name): failed after \(Self.milliseconds(since: start)) ms: \(error)", for: request)
    }

    /// The subscriber let go before the request ended.
    func cancelled() {
        guard end() else { return }
        activity?.cancel()
        URLRequestLogging.log("<- \(name): cancelled after \(Self.milliseconds(since: start)) ms", for: request)
    }

    /// Whether this call is the first to end the request.
    private func end() -> Bool {
        !ended.exchange(true, ordering: .acquiringAndReleasing)
    }

    /// `METHOD scheme://host:port/path`.
    static func name(of request: URLRequest) -> String {
        let method = request.httpMethod ?? "GET"
        guard let url = request.url else { return "\(method) (no URL)" }
        var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        components?.query = nil
        components?.fragment = nil
        components?.user = nil
        components?.password = nil
        return "\(method) \(components?.string ?? url.absoluteString)"
    }

    /// The time since `start` in milliseconds, with one decimal.
    private static func milliseconds(since start: UInt64) -> String {
        let now = DispatchTime.now().uptimeNanoseconds
        let tenths = (now >= start ? now - start : 0) / 100_000
        return "\(tenths / 10).\(tenths % 10)"
    }
}

/// Where a request was made: the probe's site in the trace.
struct RequestSite: Sendable {
    let file: String
    let line: UInt
    let function: String
}
