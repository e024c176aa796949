@available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *)
extension PrimitiveSequenceType where Trait == SingleTrait, Element: Sendable {
    /// Creates a single from an asynchronous closure that runs in a new task for each
    /// subscription: the value it returns is the success, the error it throws the failure.
    ///
    /// Disposing the subscription cancels the task.
    ///
    /// ```swift
    /// let greeting = Single<String>.create { try await loadGreeting() }
    /// ```
    ///
    /// - Parameters:
    ///   - detached: Whether the task is detached (`Task.detached`) rather than a plain `Task`.
    ///   - priority: The priority of the task.
    ///   - work: The work of one subscription.
    /// - Returns: A single of the closure's result.
    @_disfavoredOverload
    public static func create(
        detached: Bool = false,
        priority: TaskPriority? = nil,
        work: @Sendable @escaping () async throws -> Element
    ) -> Single<Element> {
        let source = Observable<Element>.create(detached: detached, priority: priority) { observer in
            observer(try await work())
        }
        return PrimitiveSequence(raw: source)
    }

    /// Waits for the single's success and returns its element, or throws its failure.
    ///
    /// Reading the property subscribes. Cancelling the awaiting task disposes the
    /// subscription and throws `CancellationError`.
    ///
    /// ```swift
    /// let answer = try await Single.just(42).value
    /// print(answer)   // 42
    /// ```
    public var value: Element {
        get async throws {
            try await primitiveSequence.asObservable().awaitOutcome { event in
                switch event {
                case .next(let element):
                    return .success(element)
                case .error(let error):
                    return .failure(error)
                case .completed:
                    // Only a broken single completes first.
                    return .failure(RxError.noElements)
                }
            }
        }
    }
}

@available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *)
extension PrimitiveSequenceType where Trait == MaybeTrait, Element: Sendable {
    /// Waits for the maybe's event: returns its element, `nil` when it completes without
    /// one, or throws its error.
    ///
    /// Reading the property subscribes. Cancelling the awaiting task disposes the
    /// subscription and throws `CancellationError`.
    ///
    /// ```swift
    /// let cached = try await Maybe<String>.empty().value
    /// print(cached as Any)   // nil
    /// ```
    public var value: Element? {
        get async throws {
            try await primitiveSequence.asObservable().awaitOutcome { event in
                switch event {
                case .next(let element):
                    return .success(element)
                case .error(let error):
                    return .failure(error)
                case .completed:
                    return .success(nil)
                }
            }
        }
    }
}

@available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *)
extension PrimitiveSequenceType where Trait == CompletableTrait, Element == Never {
    /// Waits for the completable to complete, or throws its error.
    ///
    /// Reading the property subscribes. Cancelling the awaiting task disposes the
    /// subscription and throws `CancellationError`.
    ///
    /// ```swift
    /// try await save.value   // returns once the save completed
    /// ```
    public var value: Void {
        get async throws {
            try await primitiveSequence.asObservable().awaitOutcome { event -> Result<Void, Swift.Error> in
                switch event {
                case .error(let error):
                    return .failure(error)
                case .completed:
                    return .success(())
                }
            }
        }
    }
}
