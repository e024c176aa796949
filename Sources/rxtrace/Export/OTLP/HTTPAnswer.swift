import Foundation

/// What one HTTP attempt got back: an answer with a status, or why there is none.
struct HTTPAnswer: Sendable {
    /// Why an attempt got no answer.
    enum Failure: Error, Equatable {
        /// The attempt's deadline passed; `while` says what it was doing ("waiting for the answer").
        case timedOut(while: String)
        /// The connection could not be made or broke; the system's reason.
        case connection(String)
    }

    /// The status code, when an answer arrived.
    var status: Int?
    /// The answer's body (at most ``bodyLimit`` bytes).
    var body = Data()
    /// The `Retry-After` header, as sent.
    var retryAfter: String?
    /// Why there is no answer, when `status` is `nil`.
    var failure: Failure?

    /// The most of an answer's body kept: enough for any OTLP answer, never a runaway collector's.
    static let bodyLimit = 1 << 20

    /// An attempt that got no answer.
    static func failed(_ failure: Failure) -> HTTPAnswer {
        HTTPAnswer(status: nil, failure: failure)
    }
}

/// Posts one request and waits for its answer until a deadline.
protocol HTTPPoster: Sendable {
    /// Posts `body` and returns the answer, or a failure once `deadline` has passed; never later.
    func post(_ body: Data, deadline: MonotonicDeadline) -> HTTPAnswer
}
