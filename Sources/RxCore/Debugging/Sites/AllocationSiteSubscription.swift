/// Which kind of subscription the resources of an ``AllocationSite`` were made for.
///
/// A leak report shows one finding per retained subscription, and ranks them: an entry point
/// that took a user closure (`subscribe(onNext:)`, `bind(onNext:)`, `drive(onNext:)`) can
/// capture the owner that keeps it alive, while a binding to a target (`bind(to:)` a relay, a
/// subject or a `Binder`) holds nothing of the owner's and is only kept alive with it.
public enum AllocationSiteSubscription: String, Sendable, Hashable {
    /// Resources made outside every subscription's entry point (a subject or a dispose bag the
    /// owner made itself), or the site was not recorded with subscriptions.
    case none
    /// A subscription whose entry point took observers, subjects, relays or `Binder`s.
    case binding
    /// A subscription whose entry point took a user closure.
    case closure
}
