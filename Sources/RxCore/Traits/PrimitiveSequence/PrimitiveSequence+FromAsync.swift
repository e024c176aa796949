// `from(_:)`: a trait from one asynchronous closure, under the name RxSwift gives it. Each
// subscription runs the closure in a new task; disposing the subscription cancels the task.

extension PrimitiveSequenceType where Trait == SingleTrait, Element: Sendable {
    /// Creates a single from an asynchronous closure: the value it returns is the success,
    /// the error it throws the failure. The same as ``create(detached:priority:work:)`` with
    /// a plain task, under RxSwift's name.
    ///
    /// ```swift
    /// let greeting = Single.from { try await loadGreeting() }
    /// ```
    ///
    /// - Parameters:
    ///   - priority: The priority of the task (RxSwift's parameter); `nil` leaves it to `Task`.
    ///   - detached: Whether the task is detached (`Task.detached`) rather than a plain `Task`.
    ///   - block: The work of one subscription.
    /// - Returns: A single of the closure's result.
    @available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *)
    public static func from(
        priority: TaskPriority? = nil,
        detached: Bool = false,
        _ block: @Sendable @escaping () async throws -> Element
    ) -> Single<Element> {
        create(detached: detached, priority: priority, work: block)
    }
}

extension PrimitiveSequenceType where Trait == MaybeTrait, Element: Sendable {
    /// Creates a maybe from an optional asynchronous closure: the value it returns is the
    /// success, the error it throws the error; without a closure the maybe completes empty.
    ///
    /// ```swift
    /// let cached = Maybe.from { try await cache.load() }
    /// ```
    ///
    /// - Parameters:
    ///   - priority: The priority of the task (RxSwift's parameter); `nil` leaves it to `Task`.
    ///   - detached: Whether the task is detached (`Task.detached`) rather than a plain `Task`.
    ///   - block: The work of one subscription, or `nil` for an empty maybe.
    /// - Returns: A maybe of the closure's result.
    @available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *)
    public static func from(
        priority: TaskPriority? = nil,
        detached: Bool = false,
        _ block: (@Sendable () async throws -> Element)?
    ) -> Maybe<Element> {
        guard let block else {
            return PrimitiveSequence(raw: Observable.empty())
        }
        return PrimitiveSequence(
            raw: Observable.create(detached: detached, priority: priority) { observer in observer(try await block()) }
        )
    }
}

extension PrimitiveSequenceType where Trait == CompletableTrait, Element == Never {
    /// Creates a completable from an asynchronous closure: it completes when the closure
    /// returns and fails with the error it throws.
    ///
    /// ```swift
    /// let save = Completable.from { try await store.save() }
    /// ```
    ///
    /// - Parameters:
    ///   - priority: The priority of the task (RxSwift's parameter); `nil` leaves it to `Task`.
    ///   - detached: Whether the task is detached (`Task.detached`) rather than a plain `Task`.
    ///   - block: The work of one subscription.
    /// - Returns: A completable of the closure's outcome.
    @available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *)
    public static func from(
        priority: TaskPriority? = nil,
        detached: Bool = false,
        _ block: @Sendable @escaping () async throws -> Void
    ) -> Completable {
        PrimitiveSequence(raw: Observable<Never>.create(detached: detached, priority: priority) { _ in try await block() })
    }
}
