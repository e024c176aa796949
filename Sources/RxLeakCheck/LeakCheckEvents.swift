import RxCore
import RxTraceAnalysis

/// What a running ``LeakCheck`` reports as it goes, for monitors such as the RxMetrics
/// reporter: each sample after a measured iteration, and the verdict at the end.
public enum LeakCheckEvent: Sendable, Hashable {
    /// A measured iteration ended: its number (1 for the first), the live total after it and
    /// how much that total grew since the sample before.
    case iteration(number: Int, total: Int, growth: Int)
    /// The check ended with `verdict` after `iterations` measured iterations.
    case finished(verdict: LeakVerdict, iterations: Int)
}

/// The monitors of every ``LeakCheck`` in the process. Monitors are called on the thread that
/// runs the check, after the check's own bookkeeping and with no lock held.
public enum LeakCheckEvents {
    private static let monitors = LockedValue<[UInt64: @Sendable (LeakCheckEvent) -> Void]>([:])
    private static let nextToken = AtomicCell<UInt64>(1)

    /// Adds `monitor`, called for every event of every leak check from now on.
    ///
    /// - Returns: A token for ``removeMonitor(_:)``.
    @discardableResult
    public static func addMonitor(_ monitor: @escaping @Sendable (LeakCheckEvent) -> Void) -> UInt64 {
        let token = nextToken.wrappingAdd(1, ordering: .relaxed)
        monitors.withLock { $0[token] = monitor }
        return token
    }

    /// Removes the monitor that `token` names; nothing happens for an unknown token.
    public static func removeMonitor(_ token: UInt64) {
        _ = monitors.withLock { $0.removeValue(forKey: token) }
    }

    /// Tells every monitor about `event`: collected under the lock, called after it.
    static func send(_ event: LeakCheckEvent) {
        let current = monitors.withLock { Array($0.values) }
        for monitor in current {
            monitor(event)
        }
    }
}
