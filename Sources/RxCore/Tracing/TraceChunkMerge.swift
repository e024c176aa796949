internal import RxTraceFormat

/// Reads a ring buffer's records in time order without copying the ring: a dump streams them
/// to the file writer in small batches.
///
/// Each chunk holds one thread's records in the order it wrote them, so the ring is a set of
/// runs that are each (nearly) sorted; the merge keeps only the chunks whose time span the
/// output has reached, each copied when its first record comes due and let go when it is used
/// up, and a batch of merged records. That is a few chunks of 32 KiB (about one per thread
/// writing at the same time) instead of the several copies of the whole ring (32 MiB each at
/// the default capacity) that copying, joining and sorting it took.
///
/// The records are those published when the merge starts (``init(pool:converter:)``): a
/// record written later is after the dump's moment. A chunk recycled by a writer before the
/// merge reaches it is left out, and its records count as lost (``lost``). Records are merged
/// on their raw ticks and converted to nanoseconds only on the way out: the conversion never
/// reorders (it is monotonic), and two dumps of the same ring, each with its own calibration,
/// give the records in the same order even where different ticks convert to the same
/// nanosecond. Equal ticks keep claim order, then write order, as a stable sort of the chunks
/// joined in claim order would give.
struct TraceChunkMerge: ~Copyable {
    /// Records merged and passed on per call of the body.
    static let batchSize = 4096

    private let pool: TraceChunkPool
    private let converter: TraceTimebase.Converter
    /// The chunks to read, each with its first record's ticks, in the order of those ticks,
    /// then of claim, as noted at start.
    private let pending: [(due: UInt64, extent: TraceChunkPool.Extent)]
    private let scratch: UnsafeMutablePointer<UInt64>
    /// The records published when the merge started.
    let noted: Int
    /// Records lost: those overwritten before the merge started, and those of chunks recycled
    /// before the merge read them (known once ``forEachBatch(_:)`` returns).
    private(set) var lost: UInt64

    /// One chunk being merged: its records, sorted on their raw ticks, and the next one to give.
    private struct Run {
        var records: [TraceRecord]
        var next = 0
        let claim: UInt64
    }

    /// Notes what the pool holds now.
    init(pool: TraceChunkPool, converter: TraceTimebase.Converter) {
        self.pool = pool
        self.converter = converter
        scratch = .allocate(capacity: TraceChunkPool.chunkWords)
        pool.beginReading()
        let (extents, lost) = pool.extents(scratch: scratch)
        pending = extents.map { ($0.firstTicks, $0) }
            .sorted { ($0.due, $0.extent.claim) < ($1.due, $1.extent.claim) }
        noted = extents.reduce(0) { $0 + $1.count }
        self.lost = lost
    }

    deinit {
        pool.endReading()
        scratch.deallocate()
    }

    /// Passes every record, in time order, to `body` in batches of at most ``batchSize``.
    ///
    /// - Returns: The number of records passed.
    /// - Throws: What `body` throws; the merge stops there.
    mutating func forEachBatch(_ body: (UnsafeBufferPointer<TraceRecord>) throws -> Void) throws -> Int {
        var runs: [Run] = []
        var free: [Int] = []
        var heap = RunHeap()
        var batch: [TraceRecord] = []
        batch.reserveCapacity(Self.batchSize)
        var passed = 0
        var nextPending = 0
        while true {
            // Every chunk whose first record is due joins before the next record is taken.
            while nextPending < pending.count {
                let (due, extent) = pending[nextPending]
                if let top = heap.top, (due, extent.claim) > (top.time, top.claim) { break }
                nextPending += 1
                guard let records = copy(extent) else { continue }
                let run = Run(records: records, claim: extent.claim)
                let slot: Int
                if let reused = free.popLast() {
                    runs[reused] = run
                    slot = reused
                } else {
                    runs.append(run)
                    slot = runs.count - 1
                }
                heap.insert(.init(time: records[0].timestamp, claim: extent.claim, run: slot))
            }
            guard let top = heap.top else { break }
            let run = top.run
            var record = runs[run].records[runs[run].next]
            record.timestamp = converter.nanoseconds(record.timestamp)
            batch.append(record)
            runs[run].next += 1
            if runs[run].next == runs[run].records.count {
                runs[run].records = []
                free.append(run)
                heap.removeTop()
            } else {
                heap.replaceTop(time: runs[run].records[runs[run].next].timestamp)
            }
            if batch.count == Self.batchSize {
                try batch.withUnsafeBufferPointer(body)
                passed += batch.count
                batch.removeAll(keepingCapacity: true)
            }
        }
        if !batch.isEmpty {
            try batch.withUnsafeBufferPointer(body)
            passed += batch.count
        }
        return passed
    }

    /// The records of one chunk, timestamps still in ticks, in tick order (a stable sort, in the
    /// rare case that they are not already); `nil` when it was recycled since it was noted.
    private mutating func copy(_ extent: TraceChunkPool.Extent) -> [TraceRecord]? {
        guard pool.copy(extent, into: scratch) else {
            lost += UInt64(extent.count)
            return nil
        }
        var records: [TraceRecord] = []
        records.reserveCapacity(extent.count)
        var sorted = true
        for index in 0..<extent.count {
            guard let record = TraceRecordWords.decode(scratch + index * 4) else {
                lost += 1
                continue
            }
            if let last = records.last, last.timestamp > record.timestamp { sorted = false }
            records.append(record)
        }
        if records.isEmpty { return nil }
        if !sorted {
            // Stable: equal times keep their write order.
            records = records.enumerated().sorted { ($0.element.timestamp, $0.offset) < ($1.element.timestamp, $1.offset) }.map(\.element)
        }
        return records
    }
}

/// The runs being merged, smallest next record first: a binary min-heap of each run's next
/// time and claim, so that comparing two runs reads no run.
private struct RunHeap {
    struct Entry {
        var time: UInt64
        let claim: UInt64
        let run: Int
    }

    private var entries: [Entry] = []

    /// The run whose next record comes first.
    var top: Entry? { entries.first }

    mutating func insert(_ entry: Entry) {
        entries.append(entry)
        var child = entries.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard Self.precedes(entries[child], entries[parent]) else { return }
            entries.swapAt(child, parent)
            child = parent
        }
    }

    /// The top run moved on to a record at `time`.
    mutating func replaceTop(time: UInt64) {
        entries[0].time = time
        siftDown()
    }

    /// The top run is used up.
    mutating func removeTop() {
        let last = entries.removeLast()
        guard !entries.isEmpty else { return }
        entries[0] = last
        siftDown()
    }

    private mutating func siftDown() {
        var parent = 0
        let count = entries.count
        while true {
            let left = 2 * parent + 1
            guard left < count else { return }
            var smallest = parent
            if Self.precedes(entries[left], entries[smallest]) { smallest = left }
            if left + 1 < count, Self.precedes(entries[left + 1], entries[smallest]) { smallest = left + 1 }
            guard smallest != parent else { return }
            entries.swapAt(parent, smallest)
            parent = smallest
        }
    }

    @inline(__always)
    private static func precedes(_ a: Entry, _ b: Entry) -> Bool {
        (a.time, a.claim) < (b.time, b.claim)
    }
}
