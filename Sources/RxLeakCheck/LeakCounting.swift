import RxCore

/// Which live resources a leak check counts.
public enum LeakCounting: Sendable, Hashable {
    /// Only the resources the scenario allocated itself: on its own thread (or task, and the
    /// tasks it starts) while it ran, through a `ResourceScope`. Correct while other
    /// tests run at the same time. Resources that work handed to a dispatch queue allocates
    /// there are not the scenario's (the subscriptions it made are). The default.
    case scoped
    /// Every live resource of the process (`Resources.snapshot()`): sees what other
    /// threads allocate too, so run such checks when nothing else runs (`--no-parallel`).
    case global
}
