#if TraceResources
import Dispatch

/// The scheduled work of every ``ResourceScope`` that is armed to run and has not run or been
/// cancelled yet, with when it is due: what a leak check's settle step waits for.
///
/// Only work scheduled inside a scope is registered (work outside every scope costs nothing
/// here). Entries are keyed by the work's identity and removed when it runs, is cancelled or
/// is freed, so the registry never keeps the work alive.
final class PendingWorkRegistry: Sendable {
    static let shared = PendingWorkRegistry()

    /// One armed unit of work.
    private struct Entry: Sendable {
        var scope: UInt32
        /// `DispatchTime` uptime nanoseconds when the work is due.
        var due: UInt64
    }

    private let entries = LockedValue<[ObjectIdentifier: Entry]>([:])

    private init() {}

    /// Registers `work`, scheduled in `scope`, as due `nanoseconds` from now.
    func add(_ work: ObjectIdentifier, scope: UInt32, dueIn nanoseconds: Int64) {
        let now = DispatchTime.now().uptimeNanoseconds
        let due = nanoseconds <= 0 ? now : now.addingReportingOverflow(UInt64(nanoseconds)).partialValue
        entries.withLock { $0[work] = Entry(scope: scope, due: due) }
    }

    /// Forgets `work`: it ran, was cancelled or was freed.
    func remove(_ work: ObjectIdentifier) {
        entries.withLock { _ = $0.removeValue(forKey: work) }
    }

    /// The armed work of `scopes`: how many items are due within `horizon` nanoseconds from
    /// now (overdue ones included), and how many later.
    func pending(in scopes: Set<UInt32>, horizon: Int64) -> (soon: Int, later: Int) {
        let now = DispatchTime.now().uptimeNanoseconds
        let limit = now.addingReportingOverflow(UInt64(max(horizon, 0))).partialValue
        return entries.withLock { entries in
            var soon = 0
            var later = 0
            for entry in entries.values where scopes.contains(entry.scope) {
                if entry.due <= limit { soon += 1 } else { later += 1 }
            }
            return (soon, later)
        }
    }
}
#endif
