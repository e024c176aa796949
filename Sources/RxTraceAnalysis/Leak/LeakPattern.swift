/// A known shape of leak that a report's data points to, so the report can say what to change.
public enum LeakPattern: String, Sendable, Hashable, Codable {
    /// Subscriptions grow together with dispose bags: a subscription's closure holds the
    /// object that holds the bag it was added to, a retain cycle.
    case retainCycle
    /// Periodic work (an `interval`, a repeating timer) grows: nothing disposes it and it
    /// never ends by itself.
    case periodicWorkNeverDisposed
    /// Subscriptions grow without bags: they are never disposed and their source never ends.
    case subscriptionNeverDisposed
    /// Subjects or relays grow without subscriptions: every repetition's subject is kept by
    /// something that outlives it.
    case subjectsAccumulate
}
