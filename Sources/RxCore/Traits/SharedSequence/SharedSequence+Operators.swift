// The single-source operators of SharedSequence. Each delegates to the observable operator
// of the same name and shares the result again with the strategy, so that a `Driver` stays a
// driver (replaying its latest element) after every step. Their closures cannot throw: an
// error would break the promise that the sequence never fails.

extension SharedSequenceConvertibleType {
    /// Transforms each element with `selector`.
    ///
    /// ```swift
    /// let count: Driver<Int> = items.map(\.count)
    /// ```
    ///
    /// - Parameter selector: The function applied to each element.
    /// - Returns: A shared sequence of the transformed elements.
    public func map<Result>(_ selector: @escaping (Element) -> Result) -> SharedSequence<SharingStrategy, Result> {
        SharedSequence(asObservable().map(selector))
    }

    /// Transforms each element with `selector`, dropping the `nil` results.
    ///
    /// - Parameter selector: The function applied to each element.
    /// - Returns: A shared sequence of the non-`nil` results.
    public func compactMap<Result>(
        _ selector: @escaping (Element) -> Result?
    ) -> SharedSequence<SharingStrategy, Result> {
        SharedSequence(asObservable().compactMap(selector))
    }

    /// Keeps the elements that satisfy `predicate`.
    ///
    /// - Parameter predicate: Says whether an element passes.
    /// - Returns: A shared sequence of the elements that pass.
    public func filter(_ predicate: @escaping (Element) -> Bool) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().filter(predicate))
    }

    /// Maps each element to a shared sequence and merges their elements.
    ///
    /// - Parameter selector: Makes an inner shared sequence from each element.
    /// - Returns: A shared sequence of the inner sequences' elements.
    public func flatMap<Sharing, Result>(
        _ selector: @escaping (Element) -> SharedSequence<Sharing, Result>
    ) -> SharedSequence<Sharing, Result> {
        SharedSequence(asObservable().flatMap(selector))
    }

    /// Maps each element to a shared sequence and passes on only the elements of the latest
    /// one, disposing the previous inner sequence when a new element arrives.
    ///
    /// ```swift
    /// let results: Driver<[Repository]> = query
    ///     .flatMapLatest { search($0).asDriver(onErrorJustReturn: []) }
    /// ```
    ///
    /// - Parameter selector: Makes an inner shared sequence from each element.
    /// - Returns: A shared sequence of the latest inner sequence's elements.
    public func flatMapLatest<Sharing, Result>(
        _ selector: @escaping (Element) -> SharedSequence<Sharing, Result>
    ) -> SharedSequence<Sharing, Result> {
        SharedSequence(asObservable().flatMapLatest(selector))
    }

    /// Maps an element to a shared sequence only while no inner sequence is running;
    /// elements that arrive meanwhile are dropped.
    ///
    /// - Parameter selector: Makes an inner shared sequence from an element.
    /// - Returns: A shared sequence of the inner sequences' elements.
    public func flatMapFirst<Sharing, Result>(
        _ selector: @escaping (Element) -> SharedSequence<Sharing, Result>
    ) -> SharedSequence<Sharing, Result> {
        SharedSequence(asObservable().flatMapFirst(selector))
    }

    /// Runs side effects for each event and the subscription's lifecycle, passing the events
    /// through unchanged.
    ///
    /// The side effects run once per connection to the source, not once per subscriber,
    /// because the result is shared.
    ///
    /// - Parameters:
    ///   - onNext: Called with each element before it is sent on.
    ///   - afterNext: Called with each element after it was sent on.
    ///   - onCompleted: Called before the completion is sent on.
    ///   - afterCompleted: Called after the completion was sent on.
    ///   - onSubscribe: Called before the source is subscribed.
    ///   - onSubscribed: Called after the source was subscribed.
    ///   - onDispose: Called once the subscription is over.
    /// - Returns: The same sequence, with the side effects attached.
    public func `do`(
        onNext: ((Element) -> Void)? = nil,
        afterNext: ((Element) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        afterCompleted: (() -> Void)? = nil,
        onSubscribe: (() -> Void)? = nil,
        onSubscribed: (() -> Void)? = nil,
        onDispose: (() -> Void)? = nil
    ) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(
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

    /// Prints every event, the subscription and the disposal, each on a timestamped line,
    /// and passes the events through unchanged.
    ///
    /// - Parameters:
    ///   - identifier: The name printed on each line; by default the call site.
    ///   - trimOutput: Whether to shorten event descriptions longer than 40 characters.
    ///   - file: The call site's file, for the default identifier.
    ///   - line: The call site's line, for the default identifier.
    ///   - function: The call site's function, for the default identifier.
    /// - Returns: The same sequence, with its events printed.
    public func debug(
        _ identifier: String? = nil,
        trimOutput: Bool = false,
        file: String = #fileID,
        line: UInt = #line,
        function: String = #function
    ) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(
            asObservable().debug(identifier, trimOutput: trimOutput, file: file, line: line, function: function)
        )
    }

    /// Sends each intermediate result of folding the elements into `seed`.
    ///
    /// - Parameters:
    ///   - seed: The initial accumulated value.
    ///   - accumulator: Combines the accumulated value with the next element.
    /// - Returns: A shared sequence of the accumulated values.
    public func scan<Accumulate>(
        _ seed: Accumulate,
        accumulator: @escaping (Accumulate, Element) -> Accumulate
    ) -> SharedSequence<SharingStrategy, Accumulate> {
        SharedSequence(asObservable().scan(seed, accumulator: accumulator))
    }

    /// Sends `element` first, then this sequence's elements.
    ///
    /// - Parameter element: The element to send before the others.
    /// - Returns: A shared sequence that starts with `element`.
    public func startWith(_ element: Element) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().startWith(element))
    }

    /// Drops the first `count` elements and sends the rest.
    ///
    /// - Parameter count: How many elements to drop.
    /// - Returns: A shared sequence of the elements after the first `count`.
    public func skip(_ count: Int) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().skip(count))
    }

    /// Sends the first `count` elements, then completes.
    ///
    /// - Parameter count: How many elements to send.
    /// - Returns: A shared sequence of at most `count` elements.
    public func take(_ count: Int) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().take(count))
    }
}

extension SharedSequenceConvertibleType where Element: Equatable {
    /// Drops each element equal to the one before it.
    ///
    /// - Returns: A shared sequence without consecutive duplicates.
    public func distinctUntilChanged() -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().distinctUntilChanged())
    }
}

extension SharedSequenceConvertibleType {
    /// Drops each element whose key equals the key of the element before it.
    ///
    /// - Parameter keySelector: Computes the key compared.
    /// - Returns: A shared sequence without consecutive duplicate keys.
    public func distinctUntilChanged<Key: Equatable>(
        _ keySelector: @escaping (Element) -> Key
    ) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().distinctUntilChanged(keySelector))
    }

    /// Drops each element that `comparer` finds equal to the element before it.
    ///
    /// - Parameter comparer: Says whether two elements are equal.
    /// - Returns: A shared sequence without consecutive duplicates.
    public func distinctUntilChanged(
        _ comparer: @escaping (Element, Element) -> Bool
    ) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().distinctUntilChanged(comparer))
    }

    /// Drops each element whose key `comparer` finds equal to the previous element's key.
    ///
    /// - Parameters:
    ///   - keySelector: Computes the key compared.
    ///   - comparer: Says whether two keys are equal.
    /// - Returns: A shared sequence without consecutive duplicate keys.
    public func distinctUntilChanged<Key>(
        _ keySelector: @escaping (Element) -> Key,
        comparer: @escaping (Key, Key) -> Bool
    ) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().distinctUntilChanged(keySelector, comparer: comparer))
    }

    /// Drops each element whose property at `keyPath` equals the previous element's.
    ///
    /// - Parameter keyPath: The property compared.
    /// - Returns: A shared sequence without consecutive duplicates of the property.
    public func distinctUntilChanged<Property: Equatable>(
        at keyPath: KeyPath<Element, Property>
    ) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().distinctUntilChanged(at: keyPath))
    }
}
