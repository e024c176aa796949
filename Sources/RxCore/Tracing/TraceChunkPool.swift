import CRxTrace
internal import RxTraceFormat

/// The trace ring buffer: fixed memory for records, handed to writing threads one chunk at a
/// time, so a record costs a store into memory the thread owns and one release store of its
/// chunk's count, with no shared cache line between threads.
///
/// A thread claims a chunk with one atomic increment per ``recordsPerChunk`` records (batched
/// slot claims). Chunks are claimed in a global order; when every chunk has been used, a claim
/// recycles the oldest chunk that no thread is writing, and its records count as lost. A
/// reader copies each chunk's published records under a per-chunk generation (a seqlock): a
/// chunk recycled during the copy is left out, so a snapshot holds only whole records.
///
/// Records are stored as four 64-bit words with relaxed atomic stores (plain moves on x86-64
/// and ARM64), which keeps concurrent readers free of data races in the C11 sense.
/// @unchecked: chunk memory is raw, written and read only through relaxed atomics.
final class TraceChunkPool: @unchecked Sendable {
    /// Records per chunk: 32 KiB of records.
    static let recordsPerChunk = 1024
    /// The fewest chunks a pool has, so that a few threads can write while older chunks recycle.
    static let minimumChunks = 8

    private static let wordsPerRecord = 4
    /// Chunk headers take a whole cache line each, so threads never share one.
    private static let wordsPerHeader = 8
    private static let publishedWord = 0
    private static let generationWord = 1
    private static let stateWord = 2
    private static let claimWord = 3

    private enum ChunkState: UInt64 {
        case free = 0
        case owned = 1
        case sealed = 2
    }

    /// The number of chunks.
    let chunkCount: Int
    /// The capacity in records: `chunkCount * recordsPerChunk`.
    var capacity: Int { chunkCount * Self.recordsPerChunk }

    private let words: UnsafeMutablePointer<UInt64>
    private let headers: UnsafeMutablePointer<UInt64>
    /// The claim sequence and the lost-record count, each on its own cache line.
    private let counters: UnsafeMutablePointer<UInt64>

    /// Creates a pool holding at least `capacity` records (rounded up to whole chunks).
    init(capacity: Int) {
        let chunks = max(Self.minimumChunks, (max(capacity, 1) + Self.recordsPerChunk - 1) / Self.recordsPerChunk)
        chunkCount = chunks
        words = .allocate(capacity: chunks * Self.recordsPerChunk * Self.wordsPerRecord)
        headers = .allocate(capacity: chunks * Self.wordsPerHeader)
        headers.initialize(repeating: 0, count: chunks * Self.wordsPerHeader)
        counters = .allocate(capacity: 16)
        counters.initialize(repeating: 0, count: 16)
    }

    deinit {
        words.deallocate()
        headers.deallocate()
        counters.deallocate()
    }

    private var claimSequence: UnsafeMutablePointer<UInt64> { counters }
    private var lostCount: UnsafeMutablePointer<UInt64> { counters + 8 }

    private func header(_ chunk: Int, _ word: Int) -> UnsafeMutablePointer<UInt64> {
        headers + chunk * Self.wordsPerHeader + word
    }

    /// The first word of a chunk's records.
    func recordWords(ofChunk chunk: Int) -> UnsafeMutablePointer<UInt64> {
        words + chunk * Self.recordsPerChunk * Self.wordsPerRecord
    }

    /// The word a writer stores its chunk's record count into, after each record.
    func publishedCount(ofChunk chunk: Int) -> UnsafeMutablePointer<UInt64> {
        header(chunk, Self.publishedWord)
    }

    /// Records overwritten or dropped so far.
    var recordsLost: UInt64 { rxtrace_load_acquire(lostCount) }

    /// Counts records that could not be stored at all (every chunk busy).
    func countDropped(_ count: UInt64) {
        _ = rxtrace_fetch_add(lostCount, count)
    }

    /// Claims a chunk for the calling thread: the next one in claim order that no thread is
    /// writing, recycling (and counting as lost) the records it held.
    ///
    /// - Returns: The chunk's index, or `nil` when every chunk is being written by some thread.
    func claimChunk() -> Int? {
        for _ in 0..<(2 * chunkCount) {
            let sequence = rxtrace_fetch_add(claimSequence, 1)
            let chunk = Int(sequence % UInt64(chunkCount))
            let stateWord = header(chunk, Self.stateWord)
            let state = rxtrace_load_acquire(stateWord)
            guard state != ChunkState.owned.rawValue,
                rxtrace_compare_exchange(stateWord, state, ChunkState.owned.rawValue)
            else { continue }
            let generation = header(chunk, Self.generationWord)
            let published = publishedCount(ofChunk: chunk)
            let previous = rxtrace_load_relaxed(published)
            if previous > 0 {
                _ = rxtrace_fetch_add(lostCount, previous)
            }
            // Odd while the chunk is reset: a reader that saw the old generation discards
            // whatever it copied.
            let start = rxtrace_load_relaxed(generation)
            rxtrace_store_relaxed(generation, start &+ 1)
            rxtrace_fence_release()
            rxtrace_store_relaxed(published, 0)
            rxtrace_store_relaxed(header(chunk, Self.claimWord), sequence)
            rxtrace_store_release(generation, start &+ 2)
            return chunk
        }
        return nil
    }

    /// Gives a chunk back: its records stay readable until the chunk is recycled.
    func sealChunk(_ chunk: Int) {
        rxtrace_store_release(header(chunk, Self.stateWord), ChunkState.sealed.rawValue)
    }

    /// What a dump will read of one chunk, noted before it reads any: the records published
    /// then, under the chunk's generation at that moment.
    struct Extent {
        /// The chunk.
        let chunk: Int
        /// Its generation when noted: a different one later means the chunk was recycled.
        let generation: UInt64
        /// Its place in claim order.
        let claim: UInt64
        /// The records published when noted; later ones are after the dump's moment.
        let count: Int
        /// The smallest tick count among those records.
        let firstTicks: UInt64
    }

    /// Notes every chunk that holds records, one chunk at a time through `scratch` (room for a
    /// chunk's words), without keeping any record.
    ///
    /// - Returns: The chunks, in no particular order, and the records lost up to this moment.
    func extents(scratch: UnsafeMutablePointer<UInt64>) -> (extents: [Extent], lost: UInt64) {
        var found: [Extent] = []
        for chunk in 0..<chunkCount {
            let generation = header(chunk, Self.generationWord)
            let before = rxtrace_load_acquire(generation)
            guard before & 1 == 0, before > 0 else { continue }
            let claim = rxtrace_load_relaxed(header(chunk, Self.claimWord))
            let count = min(Int(rxtrace_load_acquire(publishedCount(ofChunk: chunk))), Self.recordsPerChunk)
            guard count > 0 else { continue }
            rxtrace_copy_words(scratch, recordWords(ofChunk: chunk), count * Self.wordsPerRecord)
            rxtrace_fence_acquire()
            guard rxtrace_load_relaxed(generation) == before else { continue }
            var first = UInt64.max
            for index in 0..<count {
                first = min(first, scratch[index * Self.wordsPerRecord])
            }
            found.append(Extent(chunk: chunk, generation: before, claim: claim, count: count, firstTicks: first))
        }
        return (found, recordsLost)
    }

    /// Copies the records `extent` noted into `scratch` (room for a chunk's words), whole.
    ///
    /// - Returns: `false` when the chunk was recycled since it was noted: its records are gone
    ///   and what `scratch` holds is not to be used.
    func copy(_ extent: Extent, into scratch: UnsafeMutablePointer<UInt64>) -> Bool {
        let generation = header(extent.chunk, Self.generationWord)
        guard rxtrace_load_acquire(generation) == extent.generation else { return false }
        rxtrace_copy_words(scratch, recordWords(ofChunk: extent.chunk), extent.count * Self.wordsPerRecord)
        rxtrace_fence_acquire()
        return rxtrace_load_relaxed(generation) == extent.generation
    }

    /// Words of scratch memory that hold one chunk's records.
    static let chunkWords = recordsPerChunk * wordsPerRecord

    /// Copies every published record, each whole; chunks recycled during the copy are left out.
    ///
    /// - Returns: The records as stored (timestamps still in ticks), chunk by chunk in claim
    ///   order, and the number of records lost up to this moment.
    func copyRecords() -> (records: [TraceRecord], lost: UInt64) {
        let scratch = UnsafeMutablePointer<UInt64>.allocate(capacity: Self.recordsPerChunk * Self.wordsPerRecord)
        defer { scratch.deallocate() }
        var copied: [(claim: UInt64, records: [TraceRecord])] = []
        for chunk in 0..<chunkCount {
            let generation = header(chunk, Self.generationWord)
            let before = rxtrace_load_acquire(generation)
            guard before & 1 == 0, before > 0 else { continue }
            let claim = rxtrace_load_relaxed(header(chunk, Self.claimWord))
            let count = min(Int(rxtrace_load_acquire(publishedCount(ofChunk: chunk))), Self.recordsPerChunk)
            rxtrace_copy_words(scratch, recordWords(ofChunk: chunk), count * Self.wordsPerRecord)
            rxtrace_fence_acquire()
            guard rxtrace_load_relaxed(generation) == before else { continue }
            var records: [TraceRecord] = []
            records.reserveCapacity(count)
            for index in 0..<count {
                if let record = TraceRecordWords.decode(scratch + index * Self.wordsPerRecord) {
                    records.append(record)
                }
            }
            copied.append((claim, records))
        }
        copied.sort { $0.claim < $1.claim }
        return (copied.flatMap(\.records), recordsLost)
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
