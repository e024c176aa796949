import CRxTrace
import Foundation
internal import RxTraceFormat

/// The trace ring buffer: a ring of slots, each holding one chunk of records written by one
/// thread, and the chunk each live writing thread is filling outside the ring.
///
/// A thread fills a chunk of its own, so a record costs a store into memory the thread owns and
/// one release store of the chunk's count, with no shared cache line between threads. When
/// its chunk is full (or the thread exits) the thread hands it over to the ring: it claims the
/// next slot in claim order with one atomic increment per ``recordsPerChunk`` records, puts its
/// chunk there and takes back the chunk the slot held, whose records count as lost. The newest
/// records of every thread are thus kept however many threads write: those it wrote since its
/// last hand-over in its own chunk, the ones before in the ring, overwritten oldest first.
///
/// Chunk memory is allocated when first needed (a slot's first hand-over, a thread's first
/// record), never freed while the pool lives, and reused: the pool takes at most one chunk per
/// slot and one per live writing thread. When no memory can be had, records are dropped and
/// counted as lost; the host is never stopped.
///
/// A reader copies a chunk's published records under the chunk's generation (a seqlock, bumped
/// whenever the chunk is reset for new records): a chunk reset during the copy is left out, so
/// a snapshot holds only whole records. Records are stored as four 64-bit words with relaxed
/// atomic stores (plain moves on x86-64 and ARM64), which keeps concurrent readers free of data
/// races in the C11 sense.
/// @unchecked: chunk and slot memory is raw, shared only through atomics and the two mutexes.
final class TraceChunkPool: @unchecked Sendable {
    /// Records per chunk: 8 KiB of records, the memory each live writing thread adds.
    static let recordsPerChunk = 256
    /// The fewest slots a ring has.
    static let minimumChunks = 8

    private static let wordsPerRecord = 4
    /// Chunk headers take a whole cache line, so that threads never share one.
    private static let headerWords = 8
    /// The words of a chunk: its header, then its records.
    private static let wordsPerChunk = headerWords + recordsPerChunk * wordsPerRecord
    // A chunk's header: the records published, the generation, the writing thread's index.
    private static let publishedWord = 0
    private static let generationWord = 1
    private static let threadWord = 2
    // A slot: its generation (odd while a hand-over replaces its chunk), the chunk's address
    // (0 before the first), its claim in claim order, and the records it overwrote so far.
    private static let wordsPerSlot = 4
    private static let slotGenerationWord = 0
    private static let slotChunkWord = 1
    private static let slotClaimWord = 2
    private static let slotOverwrittenWord = 3

    /// The number of slots in the ring.
    let chunkCount: Int
    /// The ring's capacity in records: `chunkCount * recordsPerChunk`.
    var capacity: Int { chunkCount * Self.recordsPerChunk }

    private let slots: UnsafeMutablePointer<UInt64>
    /// The claim sequence and the dropped-record count, each on its own cache line.
    private let counters: UnsafeMutablePointer<UInt64>
    /// Chunks no thread and no slot holds, ready for a thread's next records.
    private let spares = LockedValue<[UInt]>([])
    /// Every chunk allocated, freed with the pool.
    private let allocated = LockedValue<[UInt]>([])
    /// The cells in which each live writer keeps the address of the chunk it fills.
    private let writers = LockedValue<Set<UInt>>([])
    /// Dumps reading the pool now: while any is, thread indices are not reused.
    @exclusivity(unchecked) private var activeReaders = InlineAtomic<Int>(0)

    /// Creates a pool holding at least `capacity` records in its ring (rounded up to whole
    /// chunks; at most ``TraceCapacity/maximum`` records), allocating no chunk yet.
    init(capacity: Int) {
        let wanted = min(max(capacity, 1), TraceCapacity.maximum)
        let chunks = max(Self.minimumChunks, (wanted + Self.recordsPerChunk - 1) / Self.recordsPerChunk)
        chunkCount = chunks
        // Zeroed pages are mapped on first touch: untouched slots cost no memory.
        slots = calloc(chunks * Self.wordsPerSlot, MemoryLayout<UInt64>.stride)!.bindMemory(
            to: UInt64.self, capacity: chunks * Self.wordsPerSlot)
        counters = .allocate(capacity: 16)
        counters.initialize(repeating: 0, count: 16)
    }

    deinit {
        for address in allocated.withLock({ $0 }) {
            free(UnsafeMutableRawPointer(bitPattern: address))
        }
        free(slots)
        counters.deallocate()
    }

    private var claimSequence: UnsafeMutablePointer<UInt64> { counters }
    private var droppedCount: UnsafeMutablePointer<UInt64> { counters + 8 }

    private func slot(_ index: Int, _ word: Int) -> UnsafeMutablePointer<UInt64> {
        slots + index * Self.wordsPerSlot + word
    }

    private static func chunk(at address: UInt64) -> UnsafeMutablePointer<UInt64> {
        UnsafeMutablePointer(bitPattern: UInt(address))!
    }

    /// The first word of a chunk's records.
    static func recordWords(of chunk: UnsafeMutablePointer<UInt64>) -> UnsafeMutablePointer<UInt64> {
        chunk + headerWords
    }

    /// The word a writer stores its chunk's record count into, after each record.
    static func publishedCount(of chunk: UnsafeMutablePointer<UInt64>) -> UnsafeMutablePointer<UInt64> {
        chunk + publishedWord
    }

    /// Records dropped because no chunk could be had (no memory, or every slot busy).
    var recordsDropped: UInt64 { rxtrace_load_acquire(droppedCount) }

    /// Counts records that could not be stored at all.
    func countDropped(_ count: UInt64) {
        _ = rxtrace_fetch_add(droppedCount, count)
    }

    // MARK: - Writers

    /// A cell for a new writer, in which it keeps the address of the chunk it fills, so that a
    /// dump finds the records not yet handed over. Give it back with ``unregister(_:)``.
    func registerWriter() -> UnsafeMutablePointer<UInt64> {
        let cell = UnsafeMutablePointer<UInt64>.allocate(capacity: 1)
        cell.initialize(to: 0)
        writers.withLock { _ = $0.insert(UInt(bitPattern: cell)) }
        return cell
    }

    /// The writers registered now: threads that wrote and have not exited.
    var writerCount: Int { writers.withLock { $0.count } }

    /// Forgets a writer's cell; no dump reads it afterwards.
    func unregister(_ cell: UnsafeMutablePointer<UInt64>) {
        writers.withLock { _ = $0.remove(UInt(bitPattern: cell)) }
        cell.deallocate()
    }

    /// A chunk for `thread` to fill: a spare one, or new memory; `nil` when there is none.
    func freshChunk(thread: UInt16) -> UnsafeMutablePointer<UInt64>? {
        if let address = spares.withLock({ $0.popLast() }) {
            let chunk = UnsafeMutablePointer<UInt64>(bitPattern: address)!
            reset(chunk, thread: thread)
            return chunk
        }
        var memory: UnsafeMutableRawPointer?
        guard posix_memalign(&memory, 64, Self.wordsPerChunk * MemoryLayout<UInt64>.stride) == 0, let memory else {
            return nil
        }
        let chunk = memory.bindMemory(to: UInt64.self, capacity: Self.wordsPerChunk)
        chunk.initialize(repeating: 0, count: Self.headerWords)
        chunk[Self.threadWord] = UInt64(thread)
        allocated.withLock { $0.append(UInt(bitPattern: chunk)) }
        return chunk
    }

    /// Makes `chunk` empty for `thread`: a reader that noted its old generation discards what
    /// it copied.
    private func reset(_ chunk: UnsafeMutablePointer<UInt64>, thread: UInt16) {
        let generation = chunk + Self.generationWord
        let start = rxtrace_load_relaxed(generation)
        rxtrace_store_relaxed(generation, start &+ 1)
        rxtrace_fence_release()
        rxtrace_store_relaxed(chunk + Self.publishedWord, 0)
        rxtrace_store_relaxed(chunk + Self.threadWord, UInt64(thread))
        rxtrace_store_release(generation, start &+ 2)
    }

    /// Puts `chunk`, full or final, into the next slot in claim order that no other hand-over
    /// is replacing, and gives back the chunk it held, emptied for `thread` (its records count
    /// as lost).
    ///
    /// - Returns: The chunk `thread` fills next: the replaced one; `nil` when the slot held none
    ///   (get one from ``freshChunk(thread:)``). When every slot is busy, `chunk` itself,
    ///   emptied, its records dropped.
    func handOver(_ chunk: UnsafeMutablePointer<UInt64>, thread: UInt16) -> UnsafeMutablePointer<UInt64>? {
        for _ in 0..<(2 * chunkCount) {
            let sequence = rxtrace_fetch_add(claimSequence, 1)
            let index = Int(sequence % UInt64(chunkCount))
            let generation = slot(index, Self.slotGenerationWord)
            let before = rxtrace_load_acquire(generation)
            guard before & 1 == 0, rxtrace_compare_exchange(generation, before, before &+ 1) else { continue }
            let replaced = rxtrace_load_relaxed(slot(index, Self.slotChunkWord))
            var next: UnsafeMutablePointer<UInt64>?
            if replaced != 0 {
                let old = Self.chunk(at: replaced)
                let overwritten = rxtrace_load_relaxed(old + Self.publishedWord)
                // Reset before the count is published, so that no reader keeps a record that
                // is also counted as lost.
                reset(old, thread: thread)
                let total = slot(index, Self.slotOverwrittenWord)
                rxtrace_store_relaxed(total, rxtrace_load_relaxed(total) &+ overwritten)
                next = old
            }
            rxtrace_store_relaxed(slot(index, Self.slotChunkWord), UInt64(UInt(bitPattern: chunk)))
            rxtrace_store_relaxed(slot(index, Self.slotClaimWord), sequence)
            rxtrace_store_release(generation, before &+ 2)
            return next
        }
        countDropped(rxtrace_load_relaxed(chunk + Self.publishedWord))
        reset(chunk, thread: thread)
        return chunk
    }

    /// Takes back the chunk of a writer that stops (its thread exits, or it writes into a newer
    /// session): a chunk holding records goes into the ring, an empty one among the spares.
    func retire(_ chunk: UnsafeMutablePointer<UInt64>, thread: UInt16) {
        var spare: UnsafeMutablePointer<UInt64>? = chunk
        if rxtrace_load_relaxed(chunk + Self.publishedWord) > 0 {
            spare = handOver(chunk, thread: thread)
        }
        if let spare {
            spares.withLock { $0.append(UInt(bitPattern: spare)) }
        }
    }

    // MARK: - Thread indices

    /// The thread indices that records in the ring refer to now; a thread that exited may give
    /// its index to a new one once no record refers to it.
    func threadsInRing() -> Set<UInt16> {
        var found: Set<UInt16> = []
        for index in 0..<chunkCount {
            let address = rxtrace_load_acquire(slot(index, Self.slotChunkWord))
            guard address != 0 else { continue }
            found.insert(UInt16(truncatingIfNeeded: rxtrace_load_relaxed(Self.chunk(at: address) + Self.threadWord)))
        }
        return found
    }

    /// Whether a dump is reading the pool now (see ``beginReading()``).
    var isBeingRead: Bool { InlineAtomic.load(&activeReaders, ordering: .acquiring) > 0 }

    /// Notes that a dump starts reading: until ``endReading()``, no thread index is reused, so
    /// that the thread table a dump takes names the threads of the records it copied.
    func beginReading() {
        _ = InlineAtomic.wrappingAdd(&activeReaders, 1, ordering: .acquiringAndReleasing)
    }

    /// Notes that a dump has read what it needed.
    func endReading() {
        _ = InlineAtomic.wrappingAdd(&activeReaders, -1, ordering: .acquiringAndReleasing)
    }

    // MARK: - Readers

    /// What a dump will read of one chunk, noted before it reads any: the records published
    /// then, under the chunk's generation at that moment.
    struct Extent {
        /// The chunk's address.
        let chunk: UInt
        /// Its generation when noted: a different one later means the chunk was reset.
        let generation: UInt64
        /// Its place in claim order; `UInt64.max` for a chunk a thread is still filling.
        let claim: UInt64
        /// The records published when noted; later ones are after the dump's moment.
        let count: Int
        /// The smallest tick count among those records.
        let firstTicks: UInt64
    }

    /// Notes every chunk that holds records, the ones threads are filling first, then the ring,
    /// one chunk at a time through `scratch` (room for a chunk's words), without keeping any
    /// record.
    ///
    /// - Returns: The chunks, in no particular order, and the records lost up to this moment:
    ///   those the ring overwrote, read slot by slot with the chunk each slot holds, and those
    ///   dropped.
    func extents(scratch: UnsafeMutablePointer<UInt64>) -> (extents: [Extent], lost: UInt64) {
        // The writers' chunks first: one handed over while the ring is read is then seen in
        // the ring as well (the same generation), never in neither.
        let cells = writers.withLock { cells in
            cells.map { rxtrace_load_acquire(UnsafeMutablePointer<UInt64>(bitPattern: $0)!) }
        }
        var filling: [UInt: Extent] = [:]
        for address in cells where address != 0 {
            if let extent = Self.extent(of: address, claim: .max, scratch: scratch) {
                filling[extent.chunk] = extent
            }
        }
        var found: [Extent] = []
        var lost: UInt64 = 0
        for index in 0..<chunkCount {
            let held = readSlot(index)
            lost &+= held.overwritten
            guard held.chunk != 0, held.count > 0 else { continue }
            guard let extent = Self.extent(of: held.chunk, claim: held.claim, scratch: scratch), extent.generation == held.generation
            else {
                // Replaced since the slot was read: lost after that moment.
                lost &+= UInt64(held.count)
                continue
            }
            if let seen = filling[extent.chunk], seen.generation == extent.generation {
                filling[extent.chunk] = nil
            }
            found.append(extent)
        }
        for extent in filling.values {
            // A writer's chunk handed over and replaced before its slot was read is already
            // counted in that slot's overwritten records.
            if rxtrace_load_acquire(UnsafeMutablePointer<UInt64>(bitPattern: extent.chunk)! + Self.generationWord) == extent.generation {
                found.append(extent)
            }
        }
        return (found, lost &+ recordsDropped)
    }

    /// What a slot holds, read together with its overwritten count (waiting out a hand-over):
    /// the chunk's address, claim, generation and record count.
    private func readSlot(_ index: Int) -> (chunk: UInt64, claim: UInt64, generation: UInt64, count: Int, overwritten: UInt64) {
        let generation = slot(index, Self.slotGenerationWord)
        while true {
            let before = rxtrace_load_acquire(generation)
            if before & 1 == 0 {
                let chunk = rxtrace_load_acquire(slot(index, Self.slotChunkWord))
                let claim = rxtrace_load_relaxed(slot(index, Self.slotClaimWord))
                let overwritten = rxtrace_load_relaxed(slot(index, Self.slotOverwrittenWord))
                // A chunk in a slot changes only when a hand-over replaces it.
                var chunkGeneration: UInt64 = 0
                var count = 0
                if chunk != 0 {
                    chunkGeneration = rxtrace_load_acquire(Self.chunk(at: chunk) + Self.generationWord)
                    count = min(Int(rxtrace_load_acquire(Self.chunk(at: chunk) + Self.publishedWord)), Self.recordsPerChunk)
                }
                rxtrace_fence_acquire()
                if rxtrace_load_relaxed(generation) == before { return (chunk, claim, chunkGeneration, count, overwritten) }
            }
            sched_yield()
        }
    }

    /// Notes one chunk, or `nil` when it holds no records or is being reset.
    private static func extent(of address: UInt64, claim: UInt64, scratch: UnsafeMutablePointer<UInt64>) -> Extent? {
        let chunk = Self.chunk(at: address)
        let generation = chunk + generationWord
        let before = rxtrace_load_acquire(generation)
        guard before & 1 == 0 else { return nil }
        let count = min(Int(rxtrace_load_acquire(chunk + publishedWord)), recordsPerChunk)
        guard count > 0 else { return nil }
        rxtrace_copy_words(scratch, recordWords(of: chunk), count * wordsPerRecord)
        rxtrace_fence_acquire()
        guard rxtrace_load_relaxed(generation) == before else { return nil }
        var first = UInt64.max
        for index in 0..<count {
            first = min(first, scratch[index * wordsPerRecord])
        }
        return Extent(chunk: UInt(address), generation: before, claim: claim, count: count, firstTicks: first)
    }

    /// Copies the records `extent` noted into `scratch` (room for a chunk's words), whole.
    ///
    /// - Returns: `false` when the chunk was reset since it was noted: its records are gone
    ///   and what `scratch` holds is not to be used.
    func copy(_ extent: Extent, into scratch: UnsafeMutablePointer<UInt64>) -> Bool {
        let chunk = UnsafeMutablePointer<UInt64>(bitPattern: extent.chunk)!
        let generation = chunk + Self.generationWord
        guard rxtrace_load_acquire(generation) == extent.generation else { return false }
        rxtrace_copy_words(scratch, Self.recordWords(of: chunk), extent.count * Self.wordsPerRecord)
        rxtrace_fence_acquire()
        return rxtrace_load_relaxed(generation) == extent.generation
    }

    /// Words of scratch memory that hold one chunk's records.
    static let chunkWords = recordsPerChunk * wordsPerRecord

    /// Copies every record, each whole; chunks reset during the copy are left out.
    ///
    /// - Returns: The records as stored (timestamps still in ticks), chunk by chunk in the
    ///   order of their first records' ticks, so each thread's chunks come in the order it wrote
    ///   them (claim order would not: a chunk seen as still filling may have been handed over
    ///   after its slot was read, and then sorts after the thread's later chunks), and the
    ///   number of records lost up to this moment.
    func copyRecords() -> (records: [TraceRecord], lost: UInt64) {
        let scratch = UnsafeMutablePointer<UInt64>.allocate(capacity: Self.chunkWords)
        defer { scratch.deallocate() }
        let (extents, noted) = extents(scratch: scratch)
        var lost = noted
        var records: [TraceRecord] = []
        for extent in extents.sorted(by: { ($0.firstTicks, $0.claim) < ($1.firstTicks, $1.claim) }) {
            guard copy(extent, into: scratch) else {
                lost += UInt64(extent.count)
                continue
            }
            for index in 0..<extent.count {
                if let record = TraceRecordWords.decode(scratch + index * Self.wordsPerRecord) {
                    records.append(record)
                }
            }
        }
        return (records, lost)
    }
}

/// The in-memory encoding of a record as four words: timestamp, subscription, then probe,
/// thread, kind and value kind packed into one word, then the value.
enum TraceRecordWords {
    /// Packs the third word.
    @inline(__always)
    static func packed(probe: UInt32, thread: UInt16, kind: TraceEventKind, valueKind: TraceValueKind) -> UInt64 {
        UInt64(probe) | UInt64(thread) << 32 | UInt64(kind.rawValue) << 48 | UInt64(valueKind.rawValue) << 56
    }

    /// Reads a record back; `nil` when the kinds are not valid (never for published records).
    static func decode(_ words: UnsafePointer<UInt64>) -> TraceRecord? {
        let packed = words[2]
        guard let kind = TraceEventKind(rawValue: UInt8(truncatingIfNeeded: packed >> 48)),
            let valueKind = TraceValueKind(rawValue: UInt8(truncatingIfNeeded: packed >> 56))
        else { return nil }
        return TraceRecord(
            timestamp: words[0],
            subscription: words[1],
            probe: UInt32(truncatingIfNeeded: packed),
            thread: UInt16(truncatingIfNeeded: packed >> 32),
            kind: kind,
            valueKind: valueKind,
            value: words[3]
        )
    }
}
