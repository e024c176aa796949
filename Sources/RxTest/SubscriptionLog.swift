/// The subscriptions of one ``TestableObservable``, shared with its ``TestScheduler`` so the
/// scheduler can report open subscriptions without holding the observable itself.
final class SubscriptionLog {
    /// How the observable is described in reports, such as `hot observable #1 (created at 0)`.
    let observableDescription: String
    /// The subscriptions, in the order they were made.
    var subscriptions: [Subscription] = []

    init(observableDescription: String) {
        self.observableDescription = observableDescription
    }

    /// Records a subscription at `time` and returns its index.
    func subscribed(at time: TestTime) -> Int {
        subscriptions.append(Subscription(time))
        return subscriptions.count - 1
    }

    /// Records the disposal of the subscription at `index` at `time`.
    func unsubscribed(_ index: Int, at time: TestTime) {
        subscriptions[index] = Subscription(subscriptions[index].subscribe, time)
    }
}
