import Foundation

/// Posts requests to an OTLP/HTTP collector (`POST /v1/traces`, `application/json`).
///
/// As the OTLP specification asks, 429, 502, 503 and 504 answers, failed connections and
/// attempts that ran out of time are retried with exponential backoff (honouring a
/// `Retry-After` in seconds, up to 30 s); any other answer stops the export with the status and
/// the start of the collector's message. Each attempt ends at `--request-timeout` and the whole
/// export at `--timeout`, whatever the collector does. A 2xx answer whose `partialSuccess`
/// rejected spans is counted, and the export fails at the end saying how many and why.
final class OTLPHTTPSink: OTLPRequestSink {
    private let url: URL
    private let poster: any HTTPPoster
    private let attempts: Int
    private let firstBackoff: Double
    private let requestTimeout: Double
    private let exportTimeout: Double
    private let exportDeadline: MonotonicDeadline
    private var requestsAccepted = 0
    private var spansAccepted = 0
    private var spansRejected: Int64 = 0
    private var requestsWithRejections = 0
    private var firstRejection = ""
    /// Whether to tell a terminal how far the export got.
    private let showsProgress = isatty(STDERR_FILENO) == 1

    /// The statuses a collector sends when it may take the request later.
    static let retryableStatuses: Set<Int> = [429, 502, 503, 504]

    /// A sink posting to `endpoint`: a collector's base URL (`http://host:4318`, to which
    /// `/v1/traces` is added) or the full traces URL.
    ///
    /// - Parameters:
    ///   - requestTimeout: The most one attempt may take, in seconds, from connecting to the
    ///     end of the answer.
    ///   - exportTimeout: The most the whole export may take, in seconds, from now.
    /// - Throws: ``CommandFailure`` (status 2) for a URL that is not http or https.
    init(
        endpoint: String, headers: [(String, String)], attempts: Int, requestTimeout: Double, exportTimeout: Double,
        firstBackoff: Double = 0.5
    ) throws {
        guard var components = URLComponents(string: endpoint), let scheme = components.scheme?.lowercased(),
            scheme == "http" || scheme == "https", let host = components.host, !host.isEmpty
        else {
            throw CommandFailure("--endpoint \(endpoint): not an http:// or https:// URL of an OTLP/HTTP collector")
        }
        if components.path.isEmpty || components.path == "/" {
            components.path = "/v1/traces"
        }
        guard let url = components.url else {
            throw CommandFailure("--endpoint \(endpoint): not a usable URL")
        }
        self.url = url
        if scheme == "http" {
            let query = components.percentEncodedQuery.map { "?" + $0 } ?? ""
            poster = PlainHTTPPoster(
                host: host.hasPrefix("[") ? String(host.dropFirst().dropLast()) : host,
                port: components.port ?? 80,
                target: components.percentEncodedPath + query,
                headers: headers
            )
        } else {
            poster = URLSessionPoster(url: url, headers: headers)
        }
        self.attempts = max(1, attempts)
        self.firstBackoff = firstBackoff
        self.requestTimeout = requestTimeout
        self.exportTimeout = exportTimeout
        exportDeadline = MonotonicDeadline(secondsFromNow: exportTimeout)
    }

    func send(_ request: String, spans: Int) throws {
        let body = Data(request.utf8)
        let number = requestsAccepted + 1
        let lost = "request \(number) (\(spans) span\(spans == 1 ? "" : "s") not delivered)"
        var delay = firstBackoff
        for attempt in 1...attempts {
            let requestDeadline = MonotonicDeadline(secondsFromNow: requestTimeout)
            let deadline = min(requestDeadline, exportDeadline)
            let answer = poster.post(body, deadline: deadline)
            if let status = answer.status, (200..<300).contains(status) {
                accept(answer, spans: spans, number: number)
                return
            }
            let retryable = answer.status.map(Self.retryableStatuses.contains) ?? true
            let what = describe(answer, exportRanOut: requestDeadline > exportDeadline)
            if case .timedOut = answer.failure, requestDeadline > exportDeadline {
                throw CommandFailure("\(url.absoluteString): \(what), in attempt \(attempt) of \(lost); \(acceptedSoFar)", status: 1)
            }
            guard retryable else {
                throw CommandFailure("\(url.absoluteString) refused \(lost): \(what); \(acceptedSoFar)", status: 1)
            }
            guard attempt < attempts else {
                throw CommandFailure("\(url.absoluteString): \(what) on all \(attempts) attempts of \(lost); \(acceptedSoFar)", status: 1)
            }
            let wait = Self.retryDelay(answer.retryAfter, backoff: delay)
            guard MonotonicDeadline(secondsFromNow: wait) < exportDeadline else {
                throw CommandFailure(
                    "\(url.absoluteString): timed out: the export's --timeout of \(Self.seconds(exportTimeout)) ends before attempt "
                        + "\(attempt + 1) of \(lost) (attempt \(attempt): \(what)); \(acceptedSoFar)",
                    status: 1)
            }
            Thread.sleep(forTimeInterval: wait)
            delay = min(delay * 2, 30)
        }
    }

    private func accept(_ answer: HTTPAnswer, spans: Int, number: Int) {
        requestsAccepted += 1
        spansAccepted += spans
        if let partial = OTLPPartialSuccess(answerBody: answer.body) {
            if partial.rejectedSpans > 0 {
                spansRejected += partial.rejectedSpans
                requestsWithRejections += 1
                if firstRejection.isEmpty { firstRejection = partial.errorMessage }
            } else {
                // The specification's warning: accepted whole, with a message worth showing.
                FileHandle.standardError.write(
                    Data("rxtrace: the collector accepted request \(number) with a warning: \(partial.errorMessage)\n".utf8))
            }
        }
        if showsProgress {
            FileHandle.standardError.write(Data("\rrxtrace: sent \(spansAccepted) spans in \(requestsAccepted) requests".utf8))
        }
    }

    /// The wait before the next attempt: `Retry-After` when it is a number of seconds that can
    /// be waited (capped at 30 s), else the backoff. `nan`, negative or a date never make the
    /// retry immediate.
    static func retryDelay(_ retryAfter: String?, backoff: Double) -> Double {
        guard let text = retryAfter?.trimmingCharacters(in: .whitespaces), !text.isEmpty, text.allSatisfy(\.isASCII),
            let seconds = Double(text), seconds.isFinite, seconds >= 0
        else { return backoff }
        return min(seconds, 30)
    }

    /// One attempt's outcome for an error line.
    private func describe(_ answer: HTTPAnswer, exportRanOut: Bool) -> String {
        if let status = answer.status { return "HTTP \(status)" + Self.excerpt(answer.body) }
        switch answer.failure {
        case .timedOut(let phase) where exportRanOut:
            return "timed out \(phase): the export's --timeout of \(Self.seconds(exportTimeout)) ran out"
        case .timedOut(let phase):
            return "timed out after \(Self.seconds(requestTimeout)) \(phase) (--request-timeout)"
        case .connection(let reason):
            return "no connection (\(reason))"
        case nil:
            return "no answer"
        }
    }

    private var acceptedSoFar: String {
        requestsAccepted == 0 ? "nothing was accepted" : "the \(requestsAccepted) requests before it (\(spansAccepted) spans) were accepted"
    }

    /// `2 s`, `0.5 s`.
    private static func seconds(_ value: Double) -> String {
        (value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)) + " s"
    }

    /// The start of a collector's message, for an error line.
    private static func excerpt(_ body: Data) -> String {
        let text = String(decoding: body.prefix(200), as: UTF8.self)
            .replacingOccurrences(of: "\n", with: " ")
            .trimmingCharacters(in: .whitespaces)
        return text.isEmpty ? "" : ": \(text)"
    }

    func finish() throws {
        if showsProgress { FileHandle.standardError.write(Data("\n".utf8)) }
        FileHandle.standardError.write(
            Data("rxtrace: sent \(spansAccepted) spans in \(requestsAccepted) requests to \(url.absoluteString)\n".utf8))
        if spansRejected > 0 {
            let reason = firstRejection.isEmpty ? "it gave no reason" : "its message: \(firstRejection)"
            let requests = requestsWithRejections == 1 ? "1 request" : "\(requestsWithRejections) requests"
            throw CommandFailure(
                "\(url.absoluteString) rejected \(spansRejected) of the \(spansAccepted) spans it took (partialSuccess in \(requests)); \(reason)",
                status: 1)
        }
    }
}
