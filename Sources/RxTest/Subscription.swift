/// When a subscription to a ``TestableObservable`` started and ended, in virtual time.
///
/// An ``unsubscribe`` of `Int.max` means the subscription was never disposed.
///
/// ```swift
/// XCTAssertEqual(xs.subscriptions, [Subscription(200, 450)])
/// ```
public struct Subscription: Hashable, Sendable {
    /// The time of the subscription.
    public let subscribe: TestTime
    /// The time of the disposal; `Int.max` while the subscription is open.
    public let unsubscribe: TestTime

    /// A subscription made at `subscribe` and never disposed.
    ///
    /// - Parameter subscribe: The time of the subscription.
    public init(_ subscribe: TestTime) {
        self.init(subscribe, .max)
    }

    /// A subscription made at `subscribe` and disposed at `unsubscribe`.
    ///
    /// - Parameters:
    ///   - subscribe: The time of the subscription.
    ///   - unsubscribe: The time of the disposal; `Int.max` for never.
    public init(_ subscribe: TestTime, _ unsubscribe: TestTime) {
        self.subscribe = subscribe
        self.unsubscribe = unsubscribe
    }

    /// Whether the subscription has not been disposed.
    public var isOpen: Bool {
        unsubscribe == .max
    }
}

extension Subscription: CustomDebugStringConvertible {
    /// The subscription as `(200 : 450)`, or `(200 : Infinity)` while open.
    public var debugDescription: String {
        let end = isOpen ? "Infinity" : String(unsubscribe)
        return "(\(subscribe) : \(end))"
    }
}
