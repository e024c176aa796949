import Foundation
import Synchronization

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Posts requests to an OTLP/HTTP collector (`POST /v1/traces`, `application/json`).
///
/// As the OTLP specification asks, 429, 502, 503 and 504 answers and failed connections are
/// retried with exponential backoff (honouring a `Retry-After` in seconds, up to 30 s); any
/// other answer stops the export with the status and the start of the collector's message.
final class OTLPHTTPSink: OTLPRequestSink {
    private let url: URL
    private let headers: [(String, String)]
    private let attempts: Int
    private let firstBackoff: Double
    private let session: URLSession
    private var requestsAccepted = 0
    private var spansAccepted = 0
    /// Whether to tell a terminal how far the export got.
    private let showsProgress = isatty(STDERR_FILENO) == 1

    /// The statuses a collector sends when it may take the request later.
    static let retryableStatuses: Set<Int> = [429, 502, 503, 504]

    /// A sink posting to `endpoint`: a collector's base URL (`http://host:4318`, to which
    /// `/v1/traces` is added) or the full traces URL.
    ///
    /// - Throws: ``CommandFailure`` (status 2) for a URL that is not http or https.
    init(endpoint: String, headers: [(String, String)], attempts: Int, firstBackoff: Double = 0.5) throws {
        guard var components = URLComponents(string: endpoint), let scheme = components.scheme?.lowercased(),
            scheme == "http" || scheme == "https", components.host?.isEmpty == false
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
        self.headers = headers
        self.attempts = max(1, attempts)
        self.firstBackoff = firstBackoff
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 30
        session = URLSession(configuration: configuration)
    }

    /// What one attempt got back.
    private struct Answer: Sendable {
        var status: Int?
        var body: Data
        var retryAfter: String?
        var failure: String?
    }

    /// Holds an answer passed from URLSession's queue to the waiting thread.
    private final class AnswerBox: Sendable {
        private let answer = Mutex<Answer?>(nil)
        func set(_ value: Answer) { answer.withLock { $0 = value } }
        var value: Answer? { answer.withLock { $0 } }
    }

    private func post(_ body: Data) -> Answer {
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        request.httpBody = body
        let box = AnswerBox()
        let done = DispatchSemaphore(value: 0)
        let task = session.dataTask(with: request) { data, response, error in
            let http = response as? HTTPURLResponse
            box.set(
                Answer(
                    status: http?.statusCode,
                    body: data ?? Data(),
                    retryAfter: http?.value(forHTTPHeaderField: "Retry-After"),
                    failure: error.map { $0.localizedDescription }
                )
            )
            done.signal()
        }
        task.resume()
        done.wait()
        return box.value ?? Answer(status: nil, body: Data(), retryAfter: nil, failure: "no answer")
    }

    func send(_ request: String, spans: Int) throws {
        let body = Data(request.utf8)
        var delay = firstBackoff
        for attempt in 1...attempts {
            let answer = post(body)
            if let status = answer.status, (200..<300).contains(status) {
                requestsAccepted += 1
                spansAccepted += spans
                if showsProgress {
                    FileHandle.standardError.write(Data("\rrxtrace: sent \(spansAccepted) spans in \(requestsAccepted) requests".utf8))
                }
                return
            }
            let retryable = answer.status.map(Self.retryableStatuses.contains) ?? true
            let what =
                answer.status.map { "HTTP \($0)" + Self.excerpt(answer.body) } ?? "no connection (\(answer.failure ?? "unknown error"))"
            guard retryable else {
                throw CommandFailure("\(url.absoluteString) refused request \(requestsAccepted + 1): \(what); \(acceptedSoFar)", status: 1)
            }
            guard attempt < attempts else {
                throw CommandFailure(
                    "\(url.absoluteString): \(what) on all \(attempts) attempts of request \(requestsAccepted + 1); \(acceptedSoFar)",
                    status: 1)
            }
            let wait = answer.retryAfter.flatMap(Double.init).map { min(max($0, 0), 30) } ?? delay
            Thread.sleep(forTimeInterval: wait)
            delay = min(delay * 2, 30)
        }
    }

    private var acceptedSoFar: String {
        requestsAccepted == 0 ? "nothing was accepted" : "the \(requestsAccepted) requests before it (\(spansAccepted) spans) were accepted"
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
    }
}
