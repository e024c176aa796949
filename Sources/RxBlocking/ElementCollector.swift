import RxCore

/// The state of one blocking subscription: the elements gathered so far and how it ended.
///
/// Events may arrive on any thread, and the timeout may end the wait on the blocked thread
/// at the same moment: whichever finishes first under the lock decides the outcome, and
/// everything after it is ignored. The predicate and the disposal run outside the lock.
final class ElementCollector<Element> {
    private let lock = Lock()
    private var elements: [Element] = []
    private var error: Swift.Error?
    private var finished = false

    private let limit: Int?
    private let predicate: (Element) throws -> Bool
    private let wait = BlockingWait()
    /// The subscription to the source; disposed as soon as the outcome is known.
    let subscription = SingleAssignmentDisposable()

    /// Creates a collector for the current thread to wait on.
    ///
    /// - Parameters:
    ///   - limit: Stop after this many matching elements; `nil` waits for the end of the
    ///     sequence.
    ///   - predicate: Which elements to keep; an error it throws ends the sequence with it.
    init(limit: Int?, predicate: @escaping (Element) throws -> Bool) {
        self.limit = limit
        self.predicate = predicate
    }

    /// Receives one event of the source.
    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            if isFinished { return }
            let keep: Bool
            do {
                keep = try predicate(element)
            } catch {
                finish(error: error)
                return
            }
            guard keep else { return }
            var reachedLimit = false
            lock.locked {
                guard !finished else { return }
                elements.append(element)
                if let limit, elements.count >= limit {
                    finished = true
                    reachedLimit = true
                }
            }
            if reachedLimit {
                stop()
            }
        case .error(let error):
            finish(error: error)
        case .completed:
            finish(error: nil)
        }
    }

    /// Blocks until the outcome is known or `timeout` passes, then disposes the subscription.
    ///
    /// - Parameter timeout: The longest wait in seconds; `nil` waits indefinitely.
    /// - Returns: The elements and, when the sequence failed or the wait timed out, the error.
    func result(timeout: Double?) -> MaterializedSequenceResult<Element> {
        if !wait.wait(timeout: timeout) {
            finish(error: RxError.timeout)
        }
        subscription.dispose()
        var result: MaterializedSequenceResult<Element> = .completed(elements: [])
        lock.locked {
            if let error {
                result = .failed(elements: elements, error: error)
            } else {
                result = .completed(elements: elements)
            }
        }
        return result
    }

    private var isFinished: Bool {
        var value = false
        lock.locked { value = finished }
        return value
    }

    /// Records the end of the sequence unless it already ended, then stops waiting.
    private func finish(error: Swift.Error?) {
        var first = false
        lock.locked {
            guard !finished else { return }
            finished = true
            self.error = error
            first = true
        }
        if first {
            stop()
        }
    }

    private func stop() {
        subscription.dispose()
        wait.signal()
    }
}
