import Synchronization

/// Live counts per resource type, found without a lock on the hot path.
///
/// An open-addressing table keyed by the type's metadata pointer: a lookup hashes the
/// pointer and probes a few slots with atomic loads; a new type claims a slot with one
/// compare-exchange. Each slot's counter sits on its own cache line, so two threads creating
/// resources of different types do not contend. Reading the total sums the slots.
///
/// `@unchecked Sendable`: the slot memory is only ever touched through its atomics.
final class ResourceTypeTable: @unchecked Sendable {
    static let shared = ResourceTypeTable()

    /// The number of distinct types the table can hold; later types share the overflow slot.
    static let capacity = 4096

    private struct Slot: ~Copyable {
        let key = Atomic<UInt>(0)
        let count = Atomic<Int>(0)
        // Pads the slot to a 64-byte cache line.
        let padding: (Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0)
    }

    private let slots: UnsafeMutablePointer<Slot>
    /// The metatypes of claimed slots, for naming them in snapshots (written once per type).
    private let names = Mutex<[Int: Any.Type]>([:])
    /// `Resources.incrementTotal()` and `decrementTotal()` from custom operators.
    private let custom = Atomic<Int>(0)
    /// Resources of types that found the table full.
    private let overflow = Atomic<Int>(0)

    private init() {
        let raw = UnsafeMutableRawPointer.allocate(
            byteCount: MemoryLayout<Slot>.stride * Self.capacity,
            alignment: 64
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
                slot.pointee.count.add(delta, ordering: .relaxed)
                return
            }
            if existing == 0 {
                let (claimed, current) = slot.pointee.key.compareExchange(
                    expected: 0, desired: key, ordering: .acquiringAndReleasing)
                if claimed {
                    names.withLock { $0[index] = type }
                    slot.pointee.count.add(delta, ordering: .relaxed)
                    return
                }
                if current == key {
                    slot.pointee.count.add(delta, ordering: .relaxed)
                    return
                }
            }
            index = (index + 1) & (Self.capacity - 1)
        }
        overflow.add(delta, ordering: .relaxed)
    }

    func adjustCustom(by delta: Int) {
        custom.add(delta, ordering: .relaxed)
    }

    func total() -> Int {
        var sum = custom.load(ordering: .relaxed) + overflow.load(ordering: .relaxed)
        for index in 0..<Self.capacity {
            sum += slots[index].count.load(ordering: .relaxed)
        }
        return sum
    }

    func snapshot() -> ResourceSnapshot {
        let named = names.withLock { $0 }
        var types: [String: Int] = [:]
        var sum = 0
        for (index, type) in named {
            let count = slots[index].count.load(ordering: .relaxed)
            sum += count
            types[String(describing: type), default: 0] += count
        }
        let customCount = custom.load(ordering: .relaxed)
        let overflowCount = overflow.load(ordering: .relaxed)
        if customCount != 0 { types["(custom)"] = customCount }
        if overflowCount != 0 { types["(other types)"] = overflowCount }
        return ResourceSnapshot(total: sum + customCount + overflowCount, types: types)
    }
}
