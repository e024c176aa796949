#if TraceResources

/// One distinct stack, stored once as its return addresses; the table keeps it for the life of
/// the process, so its identity names the stack (``SiteSymbolizer`` keys its results by it).
final class StackSite: Sendable {
    /// The return addresses as the stack walker gave them, innermost first.
    let addresses: [UInt]

    init(addresses: [UInt]) {
        self.addresses = addresses
    }
}

/// The table of distinct stacks, found by a hash of their return addresses without a lock.
///
/// An open-addressing table of 65,536 slots keyed by the 64-bit hash of the addresses: a
/// lookup probes a few slots with atomic loads. New stacks are added under a lock (once per
/// distinct stack), which also keeps the ``StackSite`` objects. When three quarters of the
/// slots are used, further stacks go to a dictionary behind the same lock. Two different
/// stacks with the same 64-bit hash would share a site (a chance of about 2⁻⁶⁴ per pair).
/// @unchecked: the slots are raw memory touched only by atomics; the rest is under `lock`.
final class StackSiteTable: @unchecked Sendable {
    static let shared = StackSiteTable()

    static let capacity = 1 << 16

    /// Reached only through ``RawAtomic`` at ``keyAddress(_:)`` and ``siteAddress(_:)``.
    private struct Slot {
        var key: UInt64 = 0
        var site: UInt32 = 0
    }

    private let slots: UnsafeMutablePointer<Slot>
    private let lock = Lock()
    /// Indexed by site id; index 0 stands for "no site".
    private var sites: [StackSite?] = [nil]
    private var overflow: [UInt64: UInt32] = [:]
    private var usedSlots = 0
    /// Set once stacks start going to `overflow`; lookups then check it after a miss.
    @exclusivity(unchecked) private var overflowing = InlineAtomic(false)

    private init() {
        slots = .allocate(capacity: Self.capacity)
        for index in 0..<Self.capacity {
            (slots + index).initialize(to: Slot())
        }
    }

    // The table lives as long as the process: it is never deinitialized.

    /// The address of slot `index`'s key (the slot's first field).
    @inline(__always)
    private func keyAddress(_ index: Int) -> UnsafeMutablePointer<UInt64> {
        UnsafeMutableRawPointer(slots + index).assumingMemoryBound(to: UInt64.self)
    }

    /// The address of slot `index`'s site id.
    @inline(__always)
    private func siteAddress(_ index: Int) -> UnsafeMutablePointer<UInt32> {
        (UnsafeMutableRawPointer(slots + index) + Self.siteOffset).assumingMemoryBound(to: UInt32.self)
    }

    private static let siteOffset = MemoryLayout<Slot>.offset(of: \Slot.site)!

    /// The hash of a stack: FNV-1a over the address words, then a 64-bit finalizer. Never 0.
    @inline(__always)
    static func hash(_ addresses: UnsafeBufferPointer<UInt>) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for address in addresses {
            hash ^= UInt64(address)
            hash &*= 0x0000_0100_0000_01B3
        }
        hash ^= hash >> 33
        hash &*= 0xFF51_AFD7_ED55_8CCD
        hash ^= hash >> 33
        hash &*= 0xC4CE_B9FE_1A85_EC53
        hash ^= hash >> 33
        return hash == 0 ? 1 : hash
    }

    /// The site id of a stack hash, or 0 when the stack is new.
    @inline(__always)
    func lookup(_ hash: UInt64) -> UInt32 {
        var index = Int(truncatingIfNeeded: hash >> 48) & (Self.capacity - 1)
        while true {
            let key = RawAtomic.load(keyAddress(index), ordering: .acquiring)
            if key == hash {
                return RawAtomic.load(siteAddress(index), ordering: .relaxed)
            }
            if key == 0 {
                return InlineAtomic.load(&overflowing, ordering: .relaxed) ? lookupOverflow(hash) : 0
            }
            index = (index + 1) & (Self.capacity - 1)
        }
    }

    private func lookupOverflow(_ hash: UInt64) -> UInt32 {
        lock.locked { overflow[hash] ?? 0 }
    }

    /// Adds a stack that ``lookup(_:)`` did not find and returns its id; when another thread
    /// added the same stack meanwhile, returns that one's id.
    ///
    /// - Parameters:
    ///   - hash: The stack's hash.
    ///   - addresses: The stack's return addresses, innermost first.
    func insert(_ hash: UInt64, addresses: [UInt]) -> UInt32 {
        let site = StackSite(addresses: addresses)
        return lock.locked {
            let existing = lookupLocked(hash)
            if existing != 0 { return existing }
            let id = UInt32(sites.count)
            sites.append(site)
            if usedSlots < Self.capacity / 4 * 3 {
                var index = Int(truncatingIfNeeded: hash >> 48) & (Self.capacity - 1)
                while RawAtomic.load(keyAddress(index), ordering: .relaxed) != 0 {
                    index = (index + 1) & (Self.capacity - 1)
                }
                RawAtomic.store(siteAddress(index), id, ordering: .relaxed)
                RawAtomic.store(keyAddress(index), hash, ordering: .releasing)
                usedSlots += 1
            } else {
                overflow[hash] = id
                InlineAtomic.store(&overflowing, true, ordering: .relaxed)
            }
            return id
        }
    }

    /// Call with the lock held.
    private func lookupLocked(_ hash: UInt64) -> UInt32 {
        var index = Int(truncatingIfNeeded: hash >> 48) & (Self.capacity - 1)
        while true {
            let key = RawAtomic.load(keyAddress(index), ordering: .relaxed)
            if key == hash { return RawAtomic.load(siteAddress(index), ordering: .relaxed) }
            if key == 0 { return overflow[hash] ?? 0 }
            index = (index + 1) & (Self.capacity - 1)
        }
    }

    /// The site with id `id`, or `nil` for 0 or an unknown id.
    func site(_ id: UInt32) -> StackSite? {
        guard id != 0 else { return nil }
        return lock.locked { Int(id) < sites.count ? sites[Int(id)] : nil }
    }

    /// The number of distinct stacks seen.
    var count: Int {
        lock.locked { sites.count - 1 }
    }
}
#endif
