import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// HTTPS POST through URLSession (which brings TLS), cancelled at the attempt's deadline.
///
/// URLSession alone only limits the time between two bytes; the wait here ends at the
/// deadline whatever the collector does. Plain `http://` goes through ``PlainHTTPPoster``,
/// which also does not spin while it waits.
struct URLSessionPoster: HTTPPoster {
    let url: URL
    let headers: [(String, String)]
    let session: URLSession

    init(url: URL, headers: [(String, String)]) {
        self.url = url
        self.headers = headers
        session = URLSession(configuration: .ephemeral)
    }

    /// Holds an answer passed from URLSession's queue to the waiting thread.
    /// @unchecked: `answer` is reached only under `lock` (an `NSLock`, not `Synchronization.Mutex`, which needs macOS 15).
    private final class AnswerBox: @unchecked Sendable {
        private let lock = NSLock()
        private var answer: HTTPAnswer?
        // lock()/unlock() rather than `withLock`, which Apple's Foundation has from macOS 14 only.
        func set(_ value: HTTPAnswer) {
            lock.lock()
            answer = value
            lock.unlock()
        }
        var value: HTTPAnswer? {
            lock.lock()
            defer { lock.unlock() }
            return answer
        }
    }

    func post(_ body: Data, deadline: MonotonicDeadline) -> HTTPAnswer {
        let seconds = deadline.secondsLeft
        guard seconds > 0 else { return .failed(.timedOut(while: "connecting")) }
        var request = URLRequest(url: url, timeoutInterval: seconds)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        request.httpBody = body
        let box = AnswerBox()
        let done = DispatchSemaphore(value: 0)
        let task = session.dataTask(with: request) { data, response, error in
            let http = response as? HTTPURLResponse
            var answer = HTTPAnswer(
                status: http?.statusCode,
                body: (data ?? Data()).prefix(HTTPAnswer.bodyLimit),
                retryAfter: http?.value(forHTTPHeaderField: "Retry-After")
            )
            if http == nil {
                let timedOut = (error as? URLError)?.code == .timedOut
                answer.failure =
                    timedOut ? .timedOut(while: "waiting for the answer") : .connection(error?.localizedDescription ?? "no answer")
            }
            box.set(answer)
            done.signal()
        }
        task.resume()
        if done.wait(timeout: .now() + seconds) == .timedOut {
            task.cancel()
            return .failed(.timedOut(while: "waiting for the answer"))
        }
        return box.value ?? .failed(.connection("no answer"))
    }
}
