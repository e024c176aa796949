import CRxTrace

/// Live counts per resource type, found without a lock or an initialization check on the hot
/// path.
///
/// An open-addressing table keyed by the type's metadata pointer, whose keys are a
/// zero-initialized C array (`rxtrace_type_keys`); a new type claims a slot with one
/// compare-exchange. Each thread's shard (``ResourceCountShards``), reached through an
/// initial-exec thread-local pointer, holds the counts and a copy of the keys of the types it
/// has counted at their home slot: a count update takes the home slot from the pointer's bits,
/// compares the key there in the thread's own copy and adds to the thread's count. No Swift
/// global is touched, so there is no `swift_once` check, and no locked instruction or cache
/// line shared with another thread, even for the same type. Everything else (a type whose home
/// slot another type owns, a type the thread has not counted yet, a thread without a shard)
/// goes to ``adjustSlowly(_:by:resource:)``. Reading sums the shards.
///
/// The copies of the keys are also the switch for site tracking: while ``SiteTracking`` has
/// anything to do (``SiteTracking/fastPathAllowed``), every thread's copies are cleared
/// (``ResourceCountShards/clearCaches()``) and none is made again, so every update takes the
/// slow path, which records or drops the resource's side-table entry. The inline path thus
/// has no check and no call besides the one to the slow path.
///
/// Checked `Sendable`: the keys are C memory reached only through atomics (no stored pointer),
/// and the stored parts are themselves `Sendable`.
final class ResourceTypeTable: Sendable {
    static let shared = ResourceTypeTable()

    /// The number of distinct types the table can hold; later types share the overflow slot.
    static var capacity: Int { Int(RXTRACE_TYPE_SLOT_COUNT) }

    /// The counts: count `index` of a thread's shard belongs to slot `index`; the last one
    /// counts the types that found the table full. Before the counts, each shard keeps a copy of
    /// the keys of the types it has counted whose slot is their home slot (the same values as
    /// the table's keys, which never change once claimed), so the hot path reads only memory
    /// of its own thread.
    let shards = ResourceCountShards(cacheWidth: ResourceTypeTable.capacity, width: ResourceTypeTable.capacity + 1)
    /// The metatypes of claimed slots, for naming them in snapshots (written once per type).
    private let names = LockedValue<[Int: Any.Type]>([:])
    /// `Resources.incrementTotal()` and `decrementTotal()` from custom operators.
    private let custom = AtomicCell<Int>(0)

    private init() {}

    // The table lives as long as the process: it is never deinitialized.

    /// The first of the table's keys (a C array, never null).
    @inline(__always)
    private static var keys: UnsafeMutablePointer<UInt64> {
        rxtrace_type_keys().unsafelyUnwrapped
    }

    /// The key of `type`: its metadata address (never 0, the key of a free slot).
    @inline(__always)
    private static func key(_ type: AnyObject.Type) -> UInt64 {
        UInt64(UInt(bitPattern: ObjectIdentifier(type)))
    }

    /// The slot where the search for `key` starts: the address's bits above the 16-byte
    /// alignment of metadata. Types whose metadata lie a multiple of 64 KiB apart share a home
    /// slot; the second one's updates then take the slow path (still counted exactly).
    @inline(__always)
    private static func homeIndex(_ key: UInt64) -> Int {
        Int(truncatingIfNeeded: key >> 4) & (capacity - 1)
    }

    /// Adds `delta` to the calling thread's count of `type`: inline, the common case only (the
    /// type found at its home slot in the thread's copy of the keys).
    /// `resource` is the object created (`delta` 1) or freed (`delta` -1), for its side-table
    /// entry.
    @inline(__always)
    static func adjust(_ type: AnyObject.Type, by delta: Int, resource: ObjectIdentifier) {
        let key = key(type)
        let index = homeIndex(key)
        let shard = rxtrace_thread_counts().unsafelyUnwrapped.assumingMemoryBound(to: UInt64.self)
        if rxtrace_load_relaxed(shard + index) == key {
            let entry = shard + capacity + index
            rxtrace_store_relaxed(entry, rxtrace_load_relaxed(entry) &+ UInt64(bitPattern: Int64(delta)))
        } else {
            adjustSlowly(type, by: delta, resource: resource)
        }
    }

    /// The rest of ``adjust(_:by:resource:)``: gives the thread a shard, finds or claims the
    /// type's slot by probing from its home slot, records (`delta` 1) or drops (`delta` -1) the
    /// resource's side-table entry when site tracking asks for it, and copies the key into the
    /// thread's shard when the slot is the home slot and site tracking is idle, so the next
    /// update takes the inline path.
    @inline(never)
    static func adjustSlowly(_ type: AnyObject.Type, by delta: Int, resource: ObjectIdentifier) {
        let table = shared
        let slot = table.slot(of: type)
        table.shards.add(delta, at: slot)
        #if TraceResources
        if delta > 0 {
            let flags = SiteTracking.flags
            if flags != 0 {
                SiteRecorder.record(resource, type, flags: flags)
            }
        } else if SiteTracking.tableInUse.load(ordering: .relaxed) {
            LiveResourceTable.shared.remove(resource)
        }
        guard SiteTracking.fastPathAllowed else { return }
        #endif
        let key = key(type)
        guard slot == homeIndex(key) else { return }
        // The store and the second check are sequentially consistent, as are the switches'
        // stores and `clearCaches()`: either this thread sees the switch turned on and takes its
        // copy back, or the clearing comes after the copy in the total order and removes it.
        let cache = table.shards.current() + slot
        rxtrace_store_seq_cst(cache, key)
        #if TraceResources
        if !SiteTracking.fastPathAllowed {
            rxtrace_store_seq_cst(cache, 0)
        }
        #endif
    }

    /// The slot of `type`, claimed with one compare-exchange when the type is new; the overflow
    /// slot when the table is full.
    private func slot(of type: AnyObject.Type) -> Int {
        let key = Self.key(type)
        let keys = Self.keys
        var index = Self.homeIndex(key)
        for _ in 0..<Self.capacity {
            let existing = rxtrace_load_acquire(keys + index)
            if existing == key {
                return index
            }
            if existing == 0 {
                if rxtrace_compare_exchange(keys + index, 0, key) {
                    names.withLock { $0[index] = type }
                    return index
                }
                if rxtrace_load_acquire(keys + index) == key {
                    return index
                }
            }
            index = (index + 1) & (Self.capacity - 1)
        }
        return Self.capacity
    }

    func adjustCustom(by delta: Int) {
        custom.wrappingAdd(delta, ordering: .relaxed)
    }

    func total() -> Int {
        custom.load(ordering: .relaxed) + shards.total()
    }

    /// The live count of the types whose fully qualified name starts with `prefix`.
    func total(ofTypesNamed prefix: String) -> Int {
        let named = names.withLock { $0 }
        var sum = 0
        for (index, type) in named where String(reflecting: type).hasPrefix(prefix) {
            sum += shards.sum(at: index)
        }
        return sum
    }

    func snapshot() -> ResourceSnapshot {
        let named = names.withLock { $0 }
        var types: [String: Int] = [:]
        var sum = 0
        for (index, type) in named {
            let count = shards.sum(at: index)
            // Naming a type is the expensive part (microseconds for a generic one), and a type
            // at zero is dropped from the snapshot anyway: only live types are named.
            guard count != 0 else { continue }
            sum += count
            types[String(describing: type), default: 0] += count
        }
        let customCount = custom.load(ordering: .relaxed)
        let overflowCount = shards.sum(at: Self.capacity)
        if customCount != 0 { types["(custom)"] = customCount }
        if overflowCount != 0 { types["(other types)"] = overflowCount }
        return ResourceSnapshot(total: sum + customCount + overflowCount, types: types)
    }
}
