/// Detects events delivered to one observer re-entrantly or from two threads at once.
///
/// Compiled into debug builds only (`#if DEBUG` at the call sites). `enter` claims the
/// observer for the calling thread; a second claim on the same thread is a reentrancy anomaly,
/// a claim while another thread holds it is a concurrency anomaly. The first anomaly of each
/// observer is reported through ``Hooks/synchronizationAnomalyHandler`` with the type that received the event.
/// @unchecked: its three words are `InlineAtomic`s, reached only through atomic operations (one per sink in debug builds, so no `AtomicCell` allocations).
final class SynchronizationTracker: @unchecked Sendable {
    @exclusivity(unchecked) private var owner = InlineAtomic<UInt>(0)
    @exclusivity(unchecked) private var depth = InlineAtomic<Int>(0)
    @exclusivity(unchecked) private var reported = InlineAtomic<Bool>(false)

    init() {}

    /// Claims the observer for this thread; every `enter` must be balanced by `leave`.
    @inline(__always)
    func enter(_ receiver: @autoclosure () -> Any.Type) {
        let me = currentThreadID()
        let (exchanged, current) = InlineAtomic.compareExchange(&owner, expected: 0, desired: me, ordering: .acquiring)
        if !exchanged, !InlineAtomic.exchange(&reported, true, ordering: .relaxed) {
            let kind: SynchronizationAnomaly.Kind = current == me ? .reentrancy : .concurrency
            Hooks.reportSynchronizationAnomaly(SynchronizationAnomaly(kind: kind, typeName: String(describing: receiver())))
        }
        _ = InlineAtomic.wrappingAdd(&depth, 1, ordering: .relaxed)
    }

    /// Releases the claim taken by the matching `enter`.
    @inline(__always)
    func leave() {
        if (InlineAtomic.wrappingAdd(&depth, -1, ordering: .relaxed) &- 1) == 0 {
            InlineAtomic.store(&owner, 0, ordering: .releasing)
        }
    }
}

/// A violation of "events to one observer never overlap", found by debug builds.
public struct SynchronizationAnomaly: Sendable, CustomStringConvertible {
    /// How the delivery overlapped.
    public enum Kind: Sendable {
        /// An observer's event handler delivered another event to the same observer.
        case reentrancy
        /// Two threads delivered events to the same observer at the same time.
        case concurrency
    }

    /// How the delivery overlapped.
    public let kind: Kind
    /// The type that received the overlapping event.
    public let typeName: String

    /// A warning that names the anomaly, the type and the usual fix.
    public var description: String {
        switch kind {
        case .reentrancy:
            return """
                ⚠️ rxtrace: reentrancy anomaly in \(typeName): an event was delivered while the previous \
                one was still being handled on the same thread. This breaks the sequence grammar; \
                if a handler must feed its own source, hop with `observe(on:)` or use a relay on a \
                serial scheduler.
                """
        case .concurrency:
            return """
                ⚠️ rxtrace: concurrency anomaly in \(typeName): two threads delivered events at the same \
                time. Observers must receive events one at a time; serialize the producer (for \
                example with `observe(on:)` on a serial scheduler).
                """
        }
    }
}
