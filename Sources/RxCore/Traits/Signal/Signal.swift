/// A shared sequence for events such as taps: it never fails, delivers on
/// ``MainScheduler``, and shares one subscription among its subscribers without replaying
/// anything (`share(scope: .whileConnected)`).
///
/// A subscriber receives only the elements sent after it subscribed. For state that a late
/// subscriber should see at once, use ``Driver``.
///
/// ```swift
/// let saveTaps: Signal<Void> = saveButtonTaps.asSignal()
/// let disposable = saveTaps.emit(onNext: { save() })
/// ```
///
/// - Important: On Linux, and in any program without a user interface, the main queue only
///   runs while the main thread drains it: call `dispatchMain()`, run `RunLoop.main`, or
///   use an `async` `main`. Tests use ``SharingScheduler/mock(scheduler:action:)``.
public typealias Signal<Element> = SharedSequence<SignalSharingStrategy, Element>

/// The sharing strategy of ``Signal``: deliver on ``SharingScheduler/make`` (the main
/// scheduler), share with `share(scope: .whileConnected)`, without replay.
public struct SignalSharingStrategy: SharingStrategyProtocol {
    /// The scheduler a signal delivers on: the main scheduler, unless mocked.
    public static var scheduler: SchedulerType {
        SharingScheduler.make()
    }

    /// Shares `source` among the subscribers while connected, without replay.
    ///
    /// - Parameter source: The sequence to share.
    /// - Returns: The shared sequence.
    public static func share<Element>(_ source: Observable<Element>) -> Observable<Element> {
        source.share(scope: .whileConnected)
    }
}

extension SharedSequenceConvertibleType where SharingStrategy == SignalSharingStrategy {
    /// The sequence as a ``Signal``.
    ///
    /// - Returns: The signal itself.
    public func asSignal() -> Signal<Element> {
        asSharedSequence()
    }
}
