/// An observable sequence with a narrower grammar, named by its `Trait`: ``Single``, ``Maybe``
/// or ``Completable``.
///
/// A primitive sequence wraps an ``Observable`` that is known to keep the trait's grammar
/// (one success or one failure for a `Single`, and so on). Only the trait's factories,
/// conversions and operators make one, so the grammar holds by construction. Use
/// ``asObservable()`` to get the full set of observable operators.
///
/// ```swift
/// let answer: Single<Int> = .just(42)
/// _ = answer.subscribe(onSuccess: { print($0) })
/// // 42
/// ```
public struct PrimitiveSequence<Trait, Element> {
    /// The observable that delivers the trait's events.
    @usableFromInline
    let source: Observable<Element>

    /// Wraps `raw`, which the caller guarantees follows the trait's grammar.
    @usableFromInline
    init(raw: Observable<Element>) {
        source = raw
    }
}

/// A type that is, or can be viewed as, a ``PrimitiveSequence``: the protocol the trait
/// operators extend.
public protocol PrimitiveSequenceType {
    /// The marker type of the trait: ``SingleTrait``, ``MaybeTrait`` or ``CompletableTrait``.
    associatedtype Trait

    /// The type of the element the sequence can deliver.
    associatedtype Element

    /// The sequence as a ``PrimitiveSequence``.
    var primitiveSequence: PrimitiveSequence<Trait, Element> { get }
}

extension PrimitiveSequence: PrimitiveSequenceType {
    /// The sequence itself.
    public var primitiveSequence: PrimitiveSequence<Trait, Element> {
        self
    }
}

extension PrimitiveSequence: ObservableConvertibleType {
    /// The underlying observable, with the full set of observable operators.
    ///
    /// A `Single`'s success arrives as `next` followed at once by `completed`.
    public func asObservable() -> Observable<Element> {
        source
    }
}

extension PrimitiveSequence {
    /// Returns a sequence of the same trait that calls `primitiveSequenceFactory` at each
    /// subscription and subscribes to the sequence it returns.
    ///
    /// An error thrown by the factory is delivered to that subscriber as the sequence's error.
    ///
    /// - Parameter primitiveSequenceFactory: Makes the sequence for one subscriber.
    /// - Returns: A sequence whose subscribers each subscribe to a new sequence.
    public static func deferred(
        _ primitiveSequenceFactory: @escaping () throws -> PrimitiveSequence<Trait, Element>
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: Observable.deferred { try primitiveSequenceFactory().asObservable() })
    }
}

extension PrimitiveSequence {
    /// Returns a sequence that fails with `error` as soon as it is subscribed.
    ///
    /// - Parameter error: The error to deliver.
    /// - Returns: A sequence that only fails.
    public static func error(_ error: Swift.Error) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: Observable.error(error))
    }

    /// Returns a sequence that never delivers any event.
    ///
    /// - Returns: A sequence that stays silent until it is disposed.
    public static func never() -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: Observable.never())
    }
}
