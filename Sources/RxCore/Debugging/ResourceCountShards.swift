import CRxTrace

/// The counts behind ``ResourceTypeTable``, one shard per thread, summed when read.
///
/// A thread counts into its own shard, found through an initial-exec thread-local slot, with a
/// plain load and store: no locked instruction and no cache line shared with another thread,
/// where one shared atomic counter per type costs 30–60 ns per update once two threads create
/// resources of the same type. A resource freed on another thread than the one that created
/// it makes one shard's entry go down and another's up; only the sum means anything. A thread
/// hands its shard back when it exits, and the next new thread reuses it, so the counts it
/// holds stay in every sum and the number of shards stays that of the threads alive at once.
///
/// A shard starts with `cacheWidth` words the owner uses as it likes (the type table keeps a
/// copy of its keys there, so the hot path reads only the thread's own shard), followed by the
/// `width` counts. A thread without a shard sees `rxtrace_no_thread_counts`, whose cache part
/// is all zeros; its first update takes the slow path, which installs a shard.
///
/// @unchecked: shard memory is raw, touched only through atomics (each count by one thread).
final class ResourceCountShards: @unchecked Sendable {
    /// Words before the counts in each shard.
    let cacheWidth: Int
    /// Counts per shard.
    let width: Int
    /// The addresses of every shard ever made (never freed: their counts are part of the sums),
    /// and of those whose thread has exited, ready for reuse. Addresses rather than pointers,
    /// which are not `Sendable`.
    private let registry = LockedValue<(all: [UInt], free: [UInt])>(([], []))

    init(cacheWidth: Int, width: Int) {
        self.cacheWidth = cacheWidth
        self.width = width
        rxtrace_set_thread_counts_exit_handler { counts in
            guard let counts else { return }
            ResourceTypeTable.shared.shards.reclaim(counts.assumingMemoryBound(to: UInt64.self))
        }
    }

    /// The calling thread's shard (its cache words first), installed if it has none yet.
    @inline(__always)
    func current() -> UnsafeMutablePointer<UInt64> {
        if rxtrace_thread_has_counts() {
            return rxtrace_thread_counts().unsafelyUnwrapped.assumingMemoryBound(to: UInt64.self)
        }
        return install()
    }

    /// Adds `delta` to count `index` of the calling thread's shard.
    @inline(__always)
    func add(_ delta: Int, at index: Int) {
        let entry = current() + cacheWidth + index
        rxtrace_store_relaxed(entry, rxtrace_load_relaxed(entry) &+ UInt64(bitPattern: Int64(delta)))
    }

    /// Clears the cache words of every shard, so that each thread's next update of every
    /// count takes the slow path (sequentially consistent stores; see
    /// ``ResourceTypeTable/adjustSlowly(_:by:resource:)``).
    func clearCaches() {
        let shards = registry.withLock { $0.all }
        for address in shards {
            let shard = Self.shard(at: address)
            for index in 0..<cacheWidth where rxtrace_load_relaxed(shard + index) != 0 {
                rxtrace_store_seq_cst(shard + index, 0)
            }
        }
    }

    /// The sum of count `index` over all shards.
    func sum(at index: Int) -> Int {
        let shards = registry.withLock { $0.all }
        var sum: UInt64 = 0
        for address in shards {
            sum &+= rxtrace_load_relaxed(Self.shard(at: address) + cacheWidth + index)
        }
        return Int(Int64(bitPattern: sum))
    }

    /// The sum of all counts over all shards.
    func total() -> Int {
        let shards = registry.withLock { $0.all }
        var sum: UInt64 = 0
        for address in shards {
            let counts = Self.shard(at: address) + cacheWidth
            for index in 0..<width {
                sum &+= rxtrace_load_relaxed(counts + index)
            }
        }
        return Int(Int64(bitPattern: sum))
    }

    /// Gives the calling thread a shard: one handed back by an exited thread, or a new one.
    @inline(never)
    private func install() -> UnsafeMutablePointer<UInt64> {
        let size = cacheWidth + width
        let address = registry.withLock { registry -> UInt in
            if let reused = registry.free.popLast() {
                return reused
            }
            let created = UnsafeMutablePointer<UInt64>.allocate(capacity: size)
            created.initialize(repeating: 0, count: size)
            let address = UInt(bitPattern: created)
            registry.all.append(address)
            return address
        }
        let shard = Self.shard(at: address)
        rxtrace_set_thread_counts(UnsafeMutableRawPointer(shard))
        return shard
    }

    /// Takes back the shard of a thread that is exiting.
    private func reclaim(_ shard: UnsafeMutablePointer<UInt64>) {
        let address = UInt(bitPattern: shard)
        registry.withLock { $0.free.append(address) }
    }

    /// The shard at `address`, one of the registry's.
    @inline(__always)
    private static func shard(at address: UInt) -> UnsafeMutablePointer<UInt64> {
        UnsafeMutablePointer<UInt64>(bitPattern: address).unsafelyUnwrapped
    }
}
