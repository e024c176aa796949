/// An observable sequence that cannot fail, delivers its events on its sharing strategy's
/// scheduler, and shares one subscription to its source among all its subscribers.
///
/// ``Driver`` and ``Signal`` are the two shared sequences: both deliver on the main queue
/// through ``MainScheduler``; a driver replays its latest element to each new subscriber,
/// a signal does not. Only the `asDriver`/`asSignal` conversions, the factories and the
/// operators make one, so the three properties hold by construction.
///
/// ```swift
/// let title: Driver<String> = titleRelay.asDriver()
/// let disposable = title.drive(onNext: { label.text = $0 })
/// ```
///
/// - Important: The main queue only runs while the main thread drains it. On Linux a
///   command-line program must call `dispatchMain()`, run `RunLoop.main`, or use an `async`
///   `main`; otherwise nothing a driver or a signal sends from another thread is ever
///   delivered. Tests replace the scheduler with ``SharingScheduler/mock(scheduler:action:)``.
public struct SharedSequence<SharingStrategy: SharingStrategyProtocol, Element>: SharedSequenceConvertibleType {
    /// The observable that delivers the events, already shared.
    let source: Observable<Element>

    /// Whether the sequence was built with the real scheduler rather than inside
    /// ``SharingScheduler/mock(scheduler:action:)``: only then must `drive` run on the main
    /// thread.
    let requiresMainThread: Bool

    /// Shares `source` with the strategy's `share`; the caller guarantees that `source`
    /// never fails and delivers on the strategy's scheduler.
    @usableFromInline
    init(_ source: Observable<Element>) {
        self.source = SharingStrategy.share(source)
        requiresMainThread = !SharingScheduler.isMocked
    }

    /// Wraps `source` as it is, for sources that need no sharing (such as `just`).
    init(raw: Observable<Element>) {
        source = raw
        requiresMainThread = !SharingScheduler.isMocked
    }

    /// The underlying observable, with the full set of observable operators.
    public func asObservable() -> Observable<Element> {
        source
    }

    /// The sequence itself.
    public func asSharedSequence() -> SharedSequence<SharingStrategy, Element> {
        self
    }
}

/// How a kind of ``SharedSequence`` delivers and shares its events: the protocol behind
/// ``DriverSharingStrategy`` and ``SignalSharingStrategy``.
public protocol SharingStrategyProtocol {
    /// The scheduler every event is delivered on.
    static var scheduler: SchedulerType { get }

    /// Shares `source` among the subscribers, for example with `share(replay:scope:)`.
    ///
    /// - Parameter source: The sequence to share.
    /// - Returns: The shared sequence.
    static func share<Element>(_ source: Observable<Element>) -> Observable<Element>
}

/// A type that is, or can be viewed as, a ``SharedSequence``: the protocol the shared
/// sequence operators extend.
public protocol SharedSequenceConvertibleType: ObservableConvertibleType {
    /// The sharing strategy: ``DriverSharingStrategy`` or ``SignalSharingStrategy``.
    associatedtype SharingStrategy: SharingStrategyProtocol

    /// The sequence as a ``SharedSequence``.
    ///
    /// - Returns: The shared sequence.
    func asSharedSequence() -> SharedSequence<SharingStrategy, Element>
}

extension SharedSequenceConvertibleType {
    /// The underlying observable of the shared sequence.
    ///
    /// - Returns: The observable that delivers the events.
    public func asObservable() -> Observable<Element> {
        asSharedSequence().asObservable()
    }
}

extension SharedSequence {
    /// Returns a sequence that completes, on the strategy's scheduler, as soon as it is
    /// subscribed.
    ///
    /// - Returns: An empty shared sequence.
    public static func empty() -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(raw: Observable.empty().subscribe(on: SharingStrategy.scheduler))
    }

    /// Returns a sequence that never sends any event.
    ///
    /// - Returns: A shared sequence that stays silent until it is disposed.
    public static func never() -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(raw: Observable.never())
    }

    /// Returns a sequence that sends `element` and completes, on the strategy's scheduler.
    ///
    /// ```swift
    /// let placeholder = Driver.just("Loading…")
    /// ```
    ///
    /// - Parameter element: The element to send.
    /// - Returns: A shared sequence of one element.
    public static func just(_ element: Element) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(raw: Observable.just(element).subscribe(on: SharingStrategy.scheduler))
    }

    /// Returns a sequence that calls `factory` for each new connection and shares the
    /// sequence it returns.
    ///
    /// - Parameter factory: Makes the sequence for one connection.
    /// - Returns: A shared sequence made on demand.
    public static func deferred(
        _ factory: @escaping () -> SharedSequence<SharingStrategy, Element>
    ) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(Observable.deferred { factory().asObservable() })
    }

    /// Returns a sequence that sends `elements` in order and completes, on the strategy's
    /// scheduler.
    ///
    /// - Parameter elements: The elements to send.
    /// - Returns: A shared sequence of `elements`.
    public static func of(_ elements: Element...) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(raw: Observable.from(elements, scheduler: SharingStrategy.scheduler))
    }

    /// Returns a sequence that sends the elements of `sequence` in order and completes, on
    /// the strategy's scheduler.
    ///
    /// - Parameter sequence: The elements to send.
    /// - Returns: A shared sequence of the sequence's elements.
    public static func from<Sequence: Swift.Sequence>(
        _ sequence: Sequence
    ) -> SharedSequence<SharingStrategy, Element> where Sequence.Element == Element {
        SharedSequence(raw: Observable.from(sequence, scheduler: SharingStrategy.scheduler))
    }

    /// Returns a sequence that sends the wrapped value, if any, and completes, on the
    /// strategy's scheduler.
    ///
    /// - Parameter optional: The value to send, or `nil` to only complete.
    /// - Returns: A shared sequence of zero or one element.
    public static func from(optional: Element?) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(raw: Observable.from(optional: optional, scheduler: SharingStrategy.scheduler))
    }
}

extension SharedSequence where Element: RxAbstractInteger {
    /// Returns a sequence that sends `0`, `1`, `2`, ... every `period` on the strategy's
    /// scheduler, never completing; all subscribers share one timer.
    ///
    /// - Parameter period: The time between elements, the first included.
    /// - Returns: An endless shared counter.
    public static func interval(_ period: RxTimeInterval) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(Observable.interval(period, scheduler: SharingStrategy.scheduler))
    }

    /// Returns a sequence that sends `0` after `dueTime` and then `1`, `2`, ... every
    /// `period`, on the strategy's scheduler; all subscribers share one timer.
    ///
    /// - Parameters:
    ///   - dueTime: How long after the first subscription the first element comes.
    ///   - period: The time between later elements.
    /// - Returns: An endless shared counter.
    public static func timer(
        _ dueTime: RxTimeInterval,
        period: RxTimeInterval
    ) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(Observable.timer(dueTime, period: period, scheduler: SharingStrategy.scheduler))
    }
}
