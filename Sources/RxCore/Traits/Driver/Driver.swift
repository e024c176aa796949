/// A shared sequence for state that drives the user interface: it never fails, delivers
/// on ``MainScheduler``, and replays its latest element to each new subscriber
/// (`share(replay: 1, scope: .whileConnected)`).
///
/// All subscribers share one subscription to the source; when the last one leaves, the
/// source is disposed and the replayed element forgotten. Subscribe with the `drive` family
/// from the main thread, so that the replayed element, which is delivered at once on the
/// subscribing thread, also arrives on the main thread. For events that should not be
/// replayed, such as taps, use ``Signal``.
///
/// ```swift
/// let isValid: Driver<Bool> = password
///     .asDriver(onErrorJustReturn: "")
///     .map { $0.count >= 8 }
/// let disposable = isValid.drive(onNext: { button.isEnabled = $0 })
/// ```
///
/// - Important: On Linux, and in any program without a user interface, the main queue only
///   runs while the main thread drains it: call `dispatchMain()`, run `RunLoop.main`, or
///   use an `async` `main`. Elements that reach a driver from another thread wait on the
///   main queue until then. Tests use ``SharingScheduler/mock(scheduler:action:)``.
public typealias Driver<Element> = SharedSequence<DriverSharingStrategy, Element>

/// The sharing strategy of ``Driver``: deliver on ``SharingScheduler/make`` (the main
/// scheduler), share with `share(replay: 1, scope: .whileConnected)`.
public struct DriverSharingStrategy: SharingStrategyProtocol {
    /// The scheduler a driver delivers on: the main scheduler, unless mocked.
    public static var scheduler: SchedulerType {
        SharingScheduler.make()
    }

    /// Shares `source` among the subscribers, replaying the latest element to each new one
    /// while connected.
    ///
    /// - Parameter source: The sequence to share.
    /// - Returns: The shared sequence.
    public static func share<Element>(_ source: Observable<Element>) -> Observable<Element> {
        source.share(replay: 1, scope: .whileConnected)
    }
}

extension SharedSequenceConvertibleType where SharingStrategy == DriverSharingStrategy {
    /// The sequence as a ``Driver``.
    ///
    /// - Returns: The driver itself.
    public func asDriver() -> Driver<Element> {
        asSharedSequence()
    }
}
