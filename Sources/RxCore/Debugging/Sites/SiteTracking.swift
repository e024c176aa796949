#if TraceResources
import CRxTrace

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The switches the hot path reads, and the configuration behind them.
///
/// The count updates of ``ResourceCounter`` do not read these switches inline: while either is
/// on, the per-thread copies of the type keys are cleared, so every update goes to
/// ``ResourceTypeTable/adjustSlowly(_:by:resource:)``, which reads ``flags`` on a creation
/// (and goes on to ``SiteRecorder`` when it is not zero) and ``tableInUse`` on a release.
/// ``flags`` is a C global and ``tableInUse`` a statically initialized atomic, so reading
/// either is one load. ``flags`` changes under one lock, so it always agrees with the
/// configuration.
@usableFromInline
enum SiteTracking {
    /// Set until `RXTRACE_SITES` has been read (on the first allocation or API use).
    static let unconfigured = UInt(RXTRACE_SITE_FLAGS_UNCONFIGURED)
    /// Some resources get a backtrace (``AllocationSiteMode/sampled(every:)`` or ``AllocationSiteMode/all``).
    static let capturesStacks: UInt = 1 << 1
    /// Every resource gets a side-table entry (``AllocationSiteMode/callSites`` or ``AllocationSiteMode/all``).
    static let tracksEveryResource: UInt = 1 << 2
    /// At least one ``ResourceScope`` is alive: resources allocated in one get an entry.
    static let scopesActive: UInt = 1 << 3

    /// What the hot path checks, relaxed; zero means nothing to do. The word is a C global
    /// (`rxtrace_site_flags_word`) so that inlined code reads it with one load.
    @inlinable static var flags: UInt { UInt(rxtrace_site_flags()) }
    /// Whether the side table ever held an entry: until then a release skips it. Never reset,
    /// so once a process has recorded a site, its count updates all take the slow path.
    static let tableInUse = AtomicCell<Bool>(false)

    /// Whether count updates may take the inline path: nothing to record on a creation and no
    /// entry to drop on a release. Sequentially consistent, like the stores that turn the
    /// switches on (see ``ResourceTypeTable/adjustSlowly(_:by:resource:)``).
    static var fastPathAllowed: Bool {
        rxtrace_site_flags_seq_cst() == 0
            && !tableInUse.load(ordering: .sequentiallyConsistent)
    }

    /// Notes that the side table is about to hold its first entry; from then on every count
    /// update takes the slow path, which drops the entries of released resources.
    static func markTableInUse() {
        if !tableInUse.load(ordering: .relaxed) {
            tableInUse.store(true, ordering: .sequentiallyConsistent)
            ResourceTypeTable.shared.shards.clearCaches()
        }
    }
    /// The last allocation sequence number given out.
    static let sequence = AtomicCell<UInt64>(0)
    /// N of ``AllocationSiteMode/sampled(every:)``.
    static let samplingInterval = AtomicCell<Int>(1)
    /// The last sampling interval used, kept after sampling stops so reports can say so.
    static let lastSamplingInterval = AtomicCell<Int>(0)

    private struct State: Sendable {
        var configured = false
        var mode = AllocationSiteMode.off
        var activeScopes = 0
    }

    private static let state = LockedValue(State())

    /// The current level, after reading the environment if that has not happened yet.
    static var mode: AllocationSiteMode {
        configureFromEnvironment()
        return state.withLock { $0.mode }
    }

    /// Changes the level; preparing the stack walker first (and warming it up) when backtraces
    /// turn on, so threads that see the new flags find it ready.
    static func setMode(_ newValue: AllocationSiteMode) {
        configureFromEnvironment()
        var mode = newValue
        if case .sampled(let every) = mode, every <= 1 {
            mode = .all
        }
        if mode.capturesBacktraces {
            StackCapture.prepare()
        }
        state.withLock { state in
            state.mode = mode
            publish(state)
        }
    }

    /// Reads `RXTRACE_SITES` once; later calls return at once.
    static func configureFromEnvironment() {
        guard rxtrace_site_flags_acquire() & UInt64(unconfigured) != 0 else { return }
        // Read and parse outside the lock: getenv allocates nothing counted.
        var mode = AllocationSiteMode.off
        if let raw = getenv("RXTRACE_SITES"), let parsed = AllocationSiteMode(environmentValue: String(cString: raw)) {
            mode = parsed
        }
        if mode.capturesBacktraces {
            StackCapture.prepare()
        }
        state.withLock { state in
            guard !state.configured else { return }
            state.configured = true
            state.mode = mode
            publish(state)
        }
    }

    /// Counts a new live scope; tracking is on while any scope lives.
    static func scopeBegan() {
        configureFromEnvironment()
        state.withLock { state in
            state.activeScopes += 1
            publish(state)
        }
    }

    /// Counts a scope that ended.
    static func scopeEnded() {
        state.withLock { state in
            state.activeScopes -= 1
            publish(state)
        }
    }

    /// Computes the flags from `state`. Call with the lock held, so that flags are stored in
    /// the order the states were.
    private static func publish(_ state: State) {
        var value: UInt = state.configured ? 0 : unconfigured
        switch state.mode {
        case .off:
            break
        case .callSites:
            value |= tracksEveryResource
        case .sampled(let every):
            value |= capturesStacks
            samplingInterval.store(every, ordering: .relaxed)
            lastSamplingInterval.store(every, ordering: .relaxed)
        case .all:
            value |= capturesStacks | tracksEveryResource
        }
        if state.activeScopes > 0 {
            value |= scopesActive
        }
        rxtrace_set_site_flags(UInt64(value))
        if value != 0 {
            ResourceTypeTable.shared.shards.clearCaches()
        }
    }

    /// The last subscription id given out (see ``ThreadSiteState/subscriptionID()``).
    /// (64 bits wide, for the atomic add; the ids are its low 32 bits.)
    static let subscriptions = AtomicCell<UInt64>(0)

    /// Takes the next subscription id; never 0 (0 means none), wrapping after 2^32 − 1.
    static func nextSubscription() -> UInt32 {
        // `wrappingAdd` gives the value before the add.
        let id = UInt32(truncatingIfNeeded: subscriptions.wrappingAdd(1, ordering: .relaxed) &+ 1)
        return id != 0 ? id : UInt32(truncatingIfNeeded: subscriptions.wrappingAdd(1, ordering: .relaxed) &+ 1)
    }

    /// Takes the next allocation sequence number.
    @inline(__always)
    static func nextSequence() -> UInt64 {
        sequence.wrappingAdd(1, ordering: .relaxed) &+ 1
    }
}
#endif
