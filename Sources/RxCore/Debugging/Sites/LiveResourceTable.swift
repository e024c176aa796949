#if TraceResources

/// What the side table remembers about one live resource.
struct LiveResourceEntry {
    /// The resource's dynamic type.
    var type: any AnyObject.Type
    /// Its backtrace in ``StackSiteTable``; 0 when none was taken.
    var stack: UInt32
    /// Its call site in ``CallSiteTable``; 0 when none was set.
    var callSite: UInt32
    /// The ``ResourceScope`` it was allocated in; 0 for none.
    var scope: UInt32
    /// Whether its backtrace was taken by sampling.
    var sampled: Bool
    /// Its allocation sequence number (see ``AllocationMoment``).
    var sequence: UInt64
    /// The subscription it was allocated for (see ``ThreadSiteState/subscriptionID()``); 0
    /// for a resource made outside every subscription's entry point.
    var subscription: UInt32 = 0
    /// The call site of that subscription's outermost entry point; 0 with no subscription.
    var rootCallSite: UInt32 = 0
    /// Whether that entry point took a user closure.
    var tookClosure = false
}

/// The side table: one entry per tracked live resource, keyed by the resource's identity.
///
/// Entries are spread over 64 shards by address, each a lock and a dictionary, so two threads
/// allocating rarely meet on one lock. Each shard's entry count is also kept in an atomic on
/// its own cache line: `deallocated` looks there first and takes no lock when the shard is
/// empty. (A resource with an entry keeps its shard's count above zero until it is removed,
/// and its `deinit` happens after its `init`, so that check never misses an entry.)
/// @unchecked: the counts are raw memory touched only by atomics; each shard is a `LockedValue`.
final class LiveResourceTable: @unchecked Sendable {
    static let shared = LiveResourceTable()

    static let shardCount = 64

    /// One shard: its entries behind its own lock.
    private typealias Shard = LockedValue<[ObjectIdentifier: LiveResourceEntry]>

    /// Reached only through ``RawAtomic`` at ``value(_:)``.
    private struct Count {
        var value = 0
        // Pads the counter to a 64-byte cache line.
        var padding: (Int, Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0, 0)
    }

    private let shards: [Shard]
    private let counts: UnsafeMutablePointer<Count>

    private init() {
        shards = (0..<Self.shardCount).map { _ in Shard([:]) }
        let raw = UnsafeMutableRawPointer.allocate(
            byteCount: MemoryLayout<Count>.stride * Self.shardCount,
            alignment: 64
        )
        counts = raw.bindMemory(to: Count.self, capacity: Self.shardCount)
        for index in 0..<Self.shardCount {
            (counts + index).initialize(to: Count())
        }
    }

    // The table lives as long as the process: it is never deinitialized.

    /// The address of shard `index`'s count.
    @inline(__always)
    private func value(_ index: Int) -> UnsafeMutablePointer<Int> {
        UnsafeMutableRawPointer(counts + index).assumingMemoryBound(to: Int.self)
    }

    @inline(__always)
    private static func shardIndex(_ id: ObjectIdentifier) -> Int {
        let bits = UInt(bitPattern: id) >> 4
        return Int(truncatingIfNeeded: (bits &* 0x9E37_79B9_7F4A_7C15) >> 58)
    }

    /// Adds (or replaces) the entry of a live resource.
    func insert(_ id: ObjectIdentifier, _ entry: LiveResourceEntry) {
        SiteTracking.markTableInUse()
        let index = Self.shardIndex(id)
        let shard = shards[index]
        shard.withLock { entries in
            if entries.updateValue(entry, forKey: id) == nil {
                RawAtomic.wrappingAdd(value(index), 1, ordering: .relaxed)
            }
        }
    }

    /// Removes the entry of a resource being freed, if it has one.
    @inline(__always)
    func remove(_ id: ObjectIdentifier) {
        let index = Self.shardIndex(id)
        guard RawAtomic.load(value(index), ordering: .relaxed) != 0 else { return }
        removeLocked(id, index)
    }

    @inline(never)
    private func removeLocked(_ id: ObjectIdentifier, _ index: Int) {
        let shard = shards[index]
        shard.withLock { entries in
            if entries.removeValue(forKey: id) != nil {
                RawAtomic.wrappingAdd(value(index), -1, ordering: .relaxed)
            }
        }
    }

    /// The entries that pass `isIncluded`, copied out shard by shard.
    func entries(where isIncluded: (LiveResourceEntry) -> Bool) -> [LiveResourceEntry] {
        var result: [LiveResourceEntry] = []
        for shard in shards {
            shard.withLock { entries in
                for entry in entries.values where isIncluded(entry) {
                    result.append(entry)
                }
            }
        }
        return result
    }

    /// The number of entries.
    var count: Int {
        (0..<Self.shardCount).reduce(0) { $0 + RawAtomic.load(value($1), ordering: .relaxed) }
    }
}
#endif
