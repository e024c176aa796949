import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Why a `URLSession.rx` request failed for a reason of its own: the transport's own errors
/// (no connection, cancelled, timed out) are passed through unchanged as `URLError`s.
///
/// The cases are RxCocoa's `RxCocoaURLError`, so code that switches over them keeps working;
/// ``RxCocoaURLError`` is an alias.
/// @unchecked: the `URLResponse` and `Data` payloads are never mutated through the error.
public enum RxURLError: Error, CustomStringConvertible, @unchecked Sendable {
    // @unchecked: URLResponse is an immutable value object that Foundation does not mark Sendable on every platform.

    /// The task ended with neither a response nor an error.
    case unknown
    /// The response was not an HTTP response (a `file:` or `data:` URL, for instance).
    case nonHTTPResponse(response: URLResponse)
    /// The server answered with a status outside 200–299; the body is kept for diagnosis.
    case httpRequestFailed(response: HTTPURLResponse, data: Data?)
    /// The body could not be read as JSON.
    case deserializationError(error: any Error)

    /// A sentence naming what failed, with the status and URL when there is one.
    public var description: String {
        switch self {
        case .unknown:
            return "Unknown error"
        case .nonHTTPResponse(let response):
            return "Response is not an HTTP response: \(response.url?.absoluteString ?? "no URL")"
        case .httpRequestFailed(let response, let data):
            let size = data.map { ", \($0.count) bytes" } ?? ""
            return "HTTP request failed with status \(response.statusCode)\(size): \(response.url?.absoluteString ?? "no URL")"
        case .deserializationError(let error):
            return "Error during deserialization of the response: \(error)"
        }
    }
}

/// RxCocoa's name for ``RxURLError``, for code that moves from RxSwift unchanged.
public typealias RxCocoaURLError = RxURLError
