/// How long the subject that `share(replay:scope:)` shares its source through lives.
public enum SubjectLifetimeScope: Sendable {
    /// The subject lives while the source is connected: after the source terminates, or once
    /// every observer has left, the next observer gets a fresh subject and a new subscription
    /// to the source (nothing is replayed from before).
    case whileConnected

    /// One subject for the life of the shared sequence: after the source terminates, late
    /// observers receive the replayed elements and the stop event; after every observer has
    /// left, the next one reconnects through the same subject, which may replay old elements.
    case forever
}
