import Synchronization

/// Live counts per resource type, found without a lock on the hot path.
///
/// An open-addressing table keyed by the type's metadata pointer: a lookup hashes the
/// pointer and probes a few slots with atomic loads; a new type claims a slot with one
/// compare-exchange. The counts are not in the slots: each thread counts into its own shard
/// (``ResourceCountShards``), so creating and freeing a resource takes no locked instruction
/// and no cache line shared with another thread, even for the same type. Reading sums them.
///
/// @unchecked: the slot memory is raw, only ever touched through its atomics.
final class ResourceTypeTable: @unchecked Sendable {
    static let shared = ResourceTypeTable()

    /// The number of distinct types the table can hold; later types share the overflow slot.
    static let capacity = 4096

    private struct Slot: ~Copyable {
        let key = Atomic<UInt>(0)
    }

    private let slots: UnsafeMutablePointer<Slot>
    /// The counts: entry `index` of a thread's shard belongs to slot `index`; the last entry
    /// counts the types that found the table full.
    let shards = ResourceCountShards(width: ResourceTypeTable.capacity + 1)
    /// The metatypes of claimed slots, for naming them in snapshots (written once per type).
    private let names = LockedValue<[Int: Any.Type]>([:])
    /// `Resources.incrementTotal()` and `decrementTotal()` from custom operators.
    private let custom = Atomic<Int>(0)

    private init() {
        let raw = UnsafeMutableRawPointer.allocate(
            byteCount: MemoryLayout<Slot>.stride * Self.capacity,
            alignment: MemoryLayout<Slot>.alignment
        )
        slots = raw.bindMemory(to: Slot.self, capacity: Self.capacity)
        for index in 0..<Self.capacity {
            (slots + index).initialize(to: Slot())
        }
    }

    // The table lives as long as the process: it is never deinitialized.

    @inline(__always)
    func adjust(_ type: Any.Type, by delta: Int) {
        let key = UInt(bitPattern: ObjectIdentifier(type)) | 1
        var index = Int(truncatingIfNeeded: (key >> 4) &* 0x9E37_79B9_7F4A_7C15) & (Self.capacity - 1)
        for _ in 0..<Self.capacity {
            let slot = slots + index
            let existing = slot.pointee.key.load(ordering: .acquiring)
            if existing == key {
                shards.add(delta, at: index)
                return
            }
            if existing == 0 {
                let (claimed, current) = slot.pointee.key.compareExchange(
                    expected: 0, desired: key, ordering: .acquiringAndReleasing)
                if claimed {
                    names.withLock { $0[index] = type }
                    shards.add(delta, at: index)
                    return
                }
                if current == key {
                    shards.add(delta, at: index)
                    return
                }
            }
            index = (index + 1) & (Self.capacity - 1)
        }
        shards.add(delta, at: Self.capacity)
    }

    func adjustCustom(by delta: Int) {
        custom.add(delta, ordering: .relaxed)
    }

    func total() -> Int {
        custom.load(ordering: .relaxed) + shards.total()
    }

    func snapshot() -> ResourceSnapshot {
        let named = names.withLock { $0 }
        var types: [String: Int] = [:]
        var sum = 0
        for (index, type) in named {
            let count = shards.sum(at: index)
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
