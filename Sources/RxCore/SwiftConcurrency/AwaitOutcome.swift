@available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *)
extension ObservableConvertibleType {
    /// Subscribes and suspends until `outcome` turns an event into the result.
    ///
    /// The first event decides, and the subscription is then disposed. Cancelling the
    /// awaiting task disposes the subscription too, and the call then throws
    /// `CancellationError` unless an event already decided.
    ///
    /// - Parameter outcome: Maps an event to the value to return or the error to throw.
    /// - Returns: The value of the first event.
    func awaitOutcome<Value: Sendable>(
        _ outcome: @escaping (Event<Element>) -> Result<Value, Swift.Error>
    ) async throws -> Value {
        let source = asObservable()
        let subscription = SingleAssignmentDisposable()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let resumer = ContinuationResumer(continuation)
                let observer = AnonymousObserver<Element> { event in
                    resumer.resume(with: outcome(event))
                    subscription.dispose()
                }
                let cancellation = Disposables.create {
                    resumer.resume(with: .failure(CancellationError()))
                }
                subscription.setDisposable(Disposables.create(source.subscribe(observer), cancellation))
            }
        } onCancel: {
            subscription.dispose()
        }
    }
}

/// Resumes a checked continuation exactly once, whichever of the subscription's events and
/// its cancellation comes first.
@available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *)
final class ContinuationResumer<Value: Sendable>: Sendable {
    private let resumed = AtomicCell<Bool>(false)
    private let continuation: CheckedContinuation<Value, Swift.Error>

    init(_ continuation: CheckedContinuation<Value, Swift.Error>) {
        self.continuation = continuation
        ResourceCounter.allocated(self)
    }

    deinit {
        ResourceCounter.deallocated(self)
    }

    /// Resumes with `result` unless the continuation was already resumed.
    func resume(with result: Result<Value, Swift.Error>) {
        if !resumed.exchange(true, ordering: .acquiringAndReleasing) {
            continuation.resume(with: result)
        }
    }
}
