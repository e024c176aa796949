import Foundation
import RxCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Text logging of `URLSession.rx` requests, as RxCocoa's `Logging.URLRequests` does: one
/// line when a request starts and one when it ends, for the requests ``filter`` accepts.
///
/// Off by default: the trace (see `Trace`) is the structured form of the same facts, on
/// whenever tracing is. Turn the text on for a quick look:
///
/// ```swift
/// URLRequestLogging.filter = { _ in true }
/// // -> GET http://127.0.0.1:8080/users
/// // <- GET http://127.0.0.1:8080/users: 200, 512 bytes, 3.1 ms
/// ```
public enum URLRequestLogging {
    /// Decides whether a request is logged.
    public typealias Filter = @Sendable (URLRequest) -> Bool
    /// Receives each finished line, without a trailing newline.
    public typealias Writer = @Sendable (String) -> Void

    private struct Configuration: Sendable {
        var filter: Filter = { _ in false }
        var writer: Writer?
    }

    private static let configuration = LockedValue(Configuration())

    /// Which requests are logged; none by default. RxCocoa's `Logging.URLRequests`.
    public static var filter: Filter {
        get { configuration.withLock { $0.filter } }
        set { configuration.withLock { $0.filter = newValue } }
    }

    /// Where the lines go; `nil`, the default, prints them to standard output.
    public static var writer: Writer? {
        get { configuration.withLock { $0.writer } }
        set { configuration.withLock { $0.writer = newValue } }
    }

    /// Writes `line` if `request` is logged.
    static func log(_ line: @autoclosure () -> String, for request: URLRequest) {
        let (filter, writer) = configuration.withLock { ($0.filter, $0.writer) }
        guard filter(request) else { return }
        let text = line()
        if let writer {
            writer(text)
        } else {
            print(text)
        }
    }
}
