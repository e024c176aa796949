#if TraceResources
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// What one thread keeps for site tracking: the call site set by
/// ``ResourceSites/withCallSite(file:line:_:)-(StaticString,_,_)`` and the sampling state.
///
/// One plain struct per thread, reached through a pthread key (a few nanoseconds, only when
/// tracking is on) and freed when the thread ends. Only its own thread touches it.
struct ThreadSiteState {
    /// The file of the current call site when it came as a `StaticString` (no copy needed).
    var staticFile: StaticString = ""
    /// The interned file id when the call site's file came as a `String`; 0 otherwise.
    var stringFile: UInt32 = 0
    /// The current call site's line; 0 when no call site is set.
    var line: UInt = 0
    /// The call site's id in ``CallSiteTable``, interned on the first allocation that needs it.
    var callSite: UInt32 = 0
    /// The state of a xorshift generator for sampling.
    var random: UInt64 = 0
    /// Whether the outermost call site is a subscription's entry point (a `subscribe`, `bind`,
    /// `drive` or `emit` form), so resources allocated now belong to that subscription.
    var subscriptionOpen = false
    /// The id of that subscription, taken on the first allocation that needs it; 0 until then.
    var subscription: UInt32 = 0
    /// Whether that subscription's entry point took a user closure (`subscribe(onNext:)`), which
    /// can capture an owner, rather than a target it holds weakly (`bind(to:)` a relay).
    var subscriptionTookClosure = false
    /// How many user entry points run inside the outermost one (a `subscribe` inside a
    /// `create` closure); the current call site is then the innermost one's.
    var nestedDepth = 0
    /// The outermost entry point's call site id while ``nestedDepth`` is above 0.
    var rootCallSite: UInt32 = 0
    /// Whether the outermost entry point ran a nested one.
    var madeNested = false

    /// Whether a call site is set.
    var hasCallSite: Bool {
        line != 0
    }

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key) { pointer in
            #if canImport(Darwin)
            pointer.assumingMemoryBound(to: ThreadSiteState.self).deinitialize(count: 1).deallocate()
            #else
            pointer?.assumingMemoryBound(to: ThreadSiteState.self).deinitialize(count: 1).deallocate()
            #endif
        }
        PthreadStatus.check(status, "pthread_key_create")
        return key
    }()

    /// The calling thread's state, created on first use.
    static var current: UnsafeMutablePointer<ThreadSiteState> {
        if let existing = pthread_getspecific(key) {
            return existing.assumingMemoryBound(to: ThreadSiteState.self)
        }
        let created = UnsafeMutablePointer<ThreadSiteState>.allocate(capacity: 1)
        created.initialize(to: ThreadSiteState())
        // Seed the generator from the state's address and the clock; never zero.
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        let seed = UInt64(UInt(bitPattern: created)) &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(time.tv_nsec) << 17
        created.pointee.random = seed == 0 ? 0x2545_F491_4F6C_DD1D : seed
        PthreadStatus.check(pthread_setspecific(key, created), "pthread_setspecific")
        return created
    }

    /// The calling thread's state, or `nil` when it has none yet.
    static var existing: UnsafeMutablePointer<ThreadSiteState>? {
        pthread_getspecific(key)?.assumingMemoryBound(to: ThreadSiteState.self)
    }

    /// True about once in `interval` calls (xorshift64*, uniform enough for sampling).
    @inline(__always)
    mutating func sample(every interval: Int) -> Bool {
        random ^= random >> 12
        random ^= random << 25
        random ^= random >> 27
        let value = random &* 0x2545_F491_4F6C_DD1D
        return (value >> 32) % UInt64(max(interval, 1)) == 0
    }

    /// The id of the current call site, interning it on first use; 0 when none is set.
    mutating func callSiteID() -> UInt32 {
        guard hasCallSite else { return 0 }
        if callSite == 0 {
            callSite =
                stringFile != 0
                ? CallSiteTable.shared.intern(fileID: stringFile, line: line)
                : CallSiteTable.shared.intern(file: staticFile, line: line)
        }
        return callSite
    }

    /// The id of the subscription whose entry point is running, taken on first use; 0 when
    /// none is.
    mutating func subscriptionID() -> UInt32 {
        guard subscriptionOpen else { return 0 }
        if subscription == 0 {
            subscription = SiteTracking.nextSubscription()
        }
        return subscription
    }

    /// The call site id of the outermost entry point: the line that names the subscription.
    mutating func rootCallSiteID() -> UInt32 {
        nestedDepth == 0 ? callSiteID() : rootCallSite
    }
}
#endif
