/// The subscriptions to one testable observable that were still open when checked, as
/// ``TestScheduler/openSubscriptions`` reports them.
public struct OpenSubscriptions: Hashable, Sendable {
    /// Which observable: its kind, its number in creation order and its creation time, such as
    /// `hot observable #1 (created at 0)`.
    public let observableDescription: String
    /// The open subscriptions, in the order they were made.
    public let subscriptions: [Subscription]

    /// Creates a report for one observable.
    ///
    /// - Parameters:
    ///   - observableDescription: Which observable.
    ///   - subscriptions: Its open subscriptions.
    public init(observableDescription: String, subscriptions: [Subscription]) {
        self.observableDescription = observableDescription
        self.subscriptions = subscriptions
    }

    /// Describes open subscriptions for a failing test, one observable a line:
    ///
    /// ```
    /// 3 subscriptions still open at time 1000:
    ///   hot observable #1 (created at 0): (200 : Infinity)
    ///   cold observable #2 (created at 0): (300 : Infinity), (400 : Infinity)
    /// ```
    ///
    /// - Parameters:
    ///   - openSubscriptions: The reports, one per observable.
    ///   - time: The time of the check.
    /// - Returns: The message, or `nil` when no subscription is open.
    public static func message(for openSubscriptions: [OpenSubscriptions], at time: TestTime) -> String? {
        let count = openSubscriptions.reduce(0) { $0 + $1.subscriptions.count }
        if count == 0 { return nil }
        let noun = count == 1 ? "subscription" : "subscriptions"
        var lines = ["\(count) \(noun) still open at time \(time):"]
        for report in openSubscriptions where !report.subscriptions.isEmpty {
            let list = report.subscriptions.map(\.debugDescription).joined(separator: ", ")
            lines.append("  \(report.observableDescription): \(list)")
        }
        return lines.joined(separator: "\n")
    }
}
