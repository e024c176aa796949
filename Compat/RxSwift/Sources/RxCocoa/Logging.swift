import Foundation
import RxFoundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// RxCocoa's switch for logging `URLSession.rx` requests, under RxCocoa's name, so that code
/// setting `Logging.URLRequests` compiles unchanged. rxtrace's own name for it is
/// `URLRequestLogging.filter`, which this reads and writes.
///
/// The one declaration of these compatibility modules that is not a re-export: `Logging` is
/// too common a name (swift-log's module is called so) to put in rxtrace's own modules.
///
/// ```swift
/// Logging.URLRequests = { request in request.url?.host == "api.example.com" }
/// ```
public enum Logging {
    /// Decides whether a request is logged.
    public typealias LogURLRequest = @Sendable (URLRequest) -> Bool

    // swift-format-ignore: AlwaysUseLowerCamelCase
    /// Which requests are logged; none by default.
    public static var URLRequests: LogURLRequest {
        get { URLRequestLogging.filter }
        set { URLRequestLogging.filter = newValue }
    }
}
