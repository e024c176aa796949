// The Infallible operators that delegate to the observable operators of the same name, with
// RxSwift's signatures: where RxSwift lets a closure throw, or an inner sequence be any
// observable, so does rxtrace. An error that gets in that way ends the infallible without a
// completion for `subscribe(onNext:…)` (which has no error handler) and reaches subscribers of
// `asObservable()` as an error, as in RxSwift.

extension InfallibleType {
    /// Transforms each element with `transform`.
    ///
    /// - Parameter transform: The function applied to each element.
    /// - Returns: An infallible of the transformed elements.
    public func map<Result>(_ transform: @escaping (Element) -> Result) -> Infallible<Result> {
        Infallible(asObservable().map(transform))
    }

    /// Transforms each element with `transform`, dropping the `nil` results.
    ///
    /// - Parameter transform: The function applied to each element.
    /// - Returns: An infallible of the non-`nil` results.
    public func compactMap<Result>(_ transform: @escaping (Element) -> Result?) -> Infallible<Result> {
        Infallible(asObservable().compactMap(transform))
    }

    /// Keeps the elements that satisfy `predicate`.
    ///
    /// - Parameter predicate: Says whether an element passes.
    /// - Returns: An infallible of the elements that pass.
    public func filter(_ predicate: @escaping (Element) -> Bool) -> Infallible<Element> {
        Infallible(asObservable().filter(predicate))
    }

    /// Maps each element to an infallible and merges their elements.
    ///
    /// The result completes once this sequence and every inner one have completed.
    ///
    /// - Parameter selector: Makes an inner sequence from each element; one that fails ends the
    ///   result without a completion, so give it sequences that cannot fail.
    /// - Returns: An infallible of the inner sequences' elements.
    public func flatMap<Source: ObservableConvertibleType>(
        _ selector: @escaping (Element) -> Source
    ) -> Infallible<Source.Element> {
        Infallible(asObservable().flatMap(selector))
    }
}

extension InfallibleType {
    /// Maps each element to an infallible and passes on only the elements of the latest
    /// one, disposing the previous inner sequence when a new element arrives.
    ///
    /// - Parameter selector: Makes an inner sequence from each element; one that fails ends the
    ///   result without a completion, so give it sequences that cannot fail.
    /// - Returns: An infallible of the latest inner sequence's elements.
    public func flatMapLatest<Source: ObservableConvertibleType>(
        _ selector: @escaping (Element) -> Source
    ) -> Infallible<Source.Element> {
        Infallible(asObservable().flatMapLatest(selector))
    }

    /// Maps an element to an infallible only while no inner sequence is running; elements
    /// that arrive meanwhile are dropped.
    ///
    /// - Parameter selector: Makes an inner sequence from an element; one that fails ends the
    ///   result without a completion, so give it sequences that cannot fail.
    /// - Returns: An infallible of the inner sequences' elements.
    public func flatMapFirst<Source: ObservableConvertibleType>(
        _ selector: @escaping (Element) -> Source
    ) -> Infallible<Source.Element> {
        Infallible(asObservable().flatMapFirst(selector))
    }

    /// Maps each element to an infallible and runs those one after the other, in order.
    ///
    /// - Parameter selector: Makes an inner sequence from each element; one that fails ends the
    ///   result without a completion, so give it sequences that cannot fail.
    /// - Returns: An infallible of the inner sequences' elements, in order.
    public func concatMap<Source: ObservableConvertibleType>(
        _ selector: @escaping (Element) -> Source
    ) -> Infallible<Source.Element> {
        Infallible(asObservable().concatMap(selector))
    }

    /// Sends each intermediate result of folding the elements into `seed`.
    ///
    /// - Parameters:
    ///   - seed: The initial accumulated value.
    ///   - accumulator: Combines the accumulated value with the next element.
    /// - Returns: An infallible of the accumulated values.
    public func scan<Seed>(_ seed: Seed, accumulator: @escaping (Seed, Element) -> Seed) -> Infallible<Seed> {
        Infallible(asObservable().scan(seed, accumulator: accumulator))
    }

    /// Sends each intermediate result of folding the elements into `seed`, updated in place.
    ///
    /// - Parameters:
    ///   - seed: The initial accumulated value.
    ///   - accumulator: Updates the accumulated value with the next element.
    /// - Returns: An infallible of the accumulated values.
    public func scan<Seed>(
        into seed: Seed,
        accumulator: @escaping (inout Seed, Element) -> Void
    ) -> Infallible<Seed> {
        Infallible(asObservable().scan(into: seed, accumulator: accumulator))
    }

    /// Sends `element` first, then this sequence's elements.
    ///
    /// - Parameter element: The element to send before the others.
    /// - Returns: An infallible that starts with `element`.
    public func startWith(_ element: Element) -> Infallible<Element> {
        Infallible(asObservable().startWith(element))
    }

    /// Runs side effects for each event and the subscription's lifecycle, passing the events
    /// through unchanged.
    ///
    /// A handler that throws ends the sequence without a completion (see the note at the top
    /// of this file).
    ///
    /// - Parameters:
    ///   - onNext: Called with each element before it is sent on.
    ///   - afterNext: Called with each element after it was sent on.
    ///   - onCompleted: Called before the completion is sent on.
    ///   - afterCompleted: Called after the completion was sent on.
    ///   - onSubscribe: Called before the source is subscribed.
    ///   - onSubscribed: Called after the source was subscribed.
    ///   - onDispose: Called once the subscription is over.
    /// - Returns: The same infallible, with the side effects attached.
    public func `do`(
        onNext: ((Element) throws -> Void)? = nil,
        afterNext: ((Element) throws -> Void)? = nil,
        onCompleted: (() throws -> Void)? = nil,
        afterCompleted: (() throws -> Void)? = nil,
        onSubscribe: (() -> Void)? = nil,
        onSubscribed: (() -> Void)? = nil,
        onDispose: (() -> Void)? = nil
    ) -> Infallible<Element> {
        Infallible(
            asObservable().do(
                onNext: onNext,
                afterNext: afterNext,
                onCompleted: onCompleted,
                afterCompleted: afterCompleted,
                onSubscribe: onSubscribe,
                onSubscribed: onSubscribed,
                onDispose: onDispose
            )
        )
    }

    /// Shares one subscription to this sequence among all subscribers, replaying the last
    /// `replay` elements to each new one.
    ///
    /// - Parameters:
    ///   - replay: How many of the latest elements a new subscriber receives at once.
    ///   - scope: Whether the replay buffer outlives a disconnection.
    /// - Returns: A shared infallible.
    public func share(replay: Int = 0, scope: SubjectLifetimeScope = .whileConnected) -> Infallible<Element> {
        Infallible(asObservable().share(replay: replay, scope: scope))
    }

    /// Prints every event, the subscription and the disposal, each on a timestamped line,
    /// and passes the events through unchanged.
    ///
    /// - Parameters:
    ///   - identifier: The name printed on each line; by default the call site.
    ///   - trimOutput: Whether to shorten event descriptions longer than 40 characters.
    ///   - file: The call site's file, for the default identifier.
    ///   - line: The call site's line, for the default identifier.
    ///   - function: The call site's function, for the default identifier.
    /// - Returns: The same infallible, with its events printed.
    public func debug(
        _ identifier: String? = nil,
        trimOutput: Bool = false,
        file: String = #fileID,
        line: UInt = #line,
        function: String = #function
    ) -> Infallible<Element> {
        Infallible(asObservable().debug(identifier, trimOutput: trimOutput, file: file, line: line, function: function))
    }
}

extension InfallibleType where Element: Equatable {
    /// Drops each element equal to the one before it.
    ///
    /// - Returns: An infallible without consecutive duplicates.
    public func distinctUntilChanged() -> Infallible<Element> {
        Infallible(asObservable().distinctUntilChanged())
    }
}

extension InfallibleType {
    /// Drops each element whose key equals the key of the element before it.
    ///
    /// - Parameter keySelector: Computes the key compared.
    /// - Returns: An infallible without consecutive duplicate keys.
    public func distinctUntilChanged<Key: Equatable>(
        _ keySelector: @escaping (Element) throws -> Key
    ) -> Infallible<Element> {
        Infallible(asObservable().distinctUntilChanged(keySelector))
    }

    /// Drops each element that `comparer` finds equal to the element before it.
    ///
    /// - Parameter comparer: Says whether two elements are equal.
    /// - Returns: An infallible without consecutive duplicates.
    public func distinctUntilChanged(_ comparer: @escaping (Element, Element) throws -> Bool) -> Infallible<Element> {
        Infallible(asObservable().distinctUntilChanged(comparer))
    }

    /// Drops each element whose key `comparer` finds equal to the previous element's key.
    ///
    /// - Parameters:
    ///   - keySelector: Computes the key compared.
    ///   - comparer: Says whether two keys are equal.
    /// - Returns: An infallible without consecutive duplicate keys.
    public func distinctUntilChanged<Key>(
        _ keySelector: @escaping (Element) throws -> Key,
        comparer: @escaping (Key, Key) throws -> Bool
    ) -> Infallible<Element> {
        Infallible(asObservable().distinctUntilChanged(keySelector, comparer: comparer))
    }

    /// Drops each element whose property at `keyPath` equals the previous element's.
    ///
    /// - Parameter keyPath: The property compared.
    /// - Returns: An infallible without consecutive duplicates of the property.
    public func distinctUntilChanged<Property: Equatable>(
        at keyPath: KeyPath<Element, Property>
    ) -> Infallible<Element> {
        Infallible(asObservable().distinctUntilChanged(at: keyPath))
    }
}
