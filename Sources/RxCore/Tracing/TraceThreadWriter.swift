import CRxTrace
internal import RxTraceFormat

/// One thread's writing end of a trace session: the chunk it fills and its thread index.
///
/// Only its own thread touches a writer, so it needs no lock; the thread-local slot of
/// `CRxTrace` holds it (retained) and hands it back in a fraction of a nanosecond. A full chunk
/// goes into the session's ring (``TraceChunkPool/handOver(_:thread:)``); when the thread exits,
/// its last chunk does too, and its thread index may later go to a new thread.
final class TraceThreadWriter {
    /// The index a writer has when the thread table has none to give: its records are
    /// dropped and counted as lost (its probe counts stay exact).
    static let noThreadIndex = UInt16.max

    /// The session this writer belongs to; a writer of an older session is replaced.
    let session: TraceSession
    /// The thread's index in the session's thread table, or ``noThreadIndex``.
    let threadIndex: UInt16
    /// The thread's event counts per probe, exact even when the ring overwrites records.
    let counters: TraceProbeCounters
    /// Where this writer keeps the address of its chunk, for dumps.
    private let cell: UnsafeMutablePointer<UInt64>
    // `@exclusivity(unchecked)`: only the writer's own thread touches this state, and the
    // run-time exclusivity check would cost every record about 8 ns.
    @exclusivity(unchecked) private var chunk: UnsafeMutablePointer<UInt64>?
    @exclusivity(unchecked) private var records: UnsafeMutablePointer<UInt64>?
    @exclusivity(unchecked) private var published: UnsafeMutablePointer<UInt64>?
    @exclusivity(unchecked) private var used = 0
    /// Strings this thread has interned, with their index in the session's table: a value that
    /// recurs (the common case) costs a hash lookup here instead of the table's shared lock.
    @exclusivity(unchecked) private var interned: [String: UInt32] = [:]
    /// When the cache is this full it starts over, so a stream of distinct values cannot grow it.
    private static let internCacheLimit = 4096

    init(session: TraceSession, threadIndex: UInt16) {
        self.session = session
        self.threadIndex = threadIndex
        counters = session.makeProbeCounters()
        cell = session.pool.registerWriter()
    }

    /// The index of `text` in the session's string table, from this thread's cache when it can.
    func intern(_ text: String) -> UInt32 {
        if let index = interned[text] { return index }
        let index = session.strings.intern(text)
        if interned.count >= Self.internCacheLimit {
            interned.removeAll(keepingCapacity: true)
        }
        interned[text] = index
        return index
    }

    /// Appends one record stamped with the current tick count.
    @inline(__always)
    func append(probe: UInt32, subscription: UInt64, kind: TraceEventKind, valueKind: TraceValueKind, value: UInt64) {
        counters.count(probe: probe, kind: kind)
        if used == TraceChunkPool.recordsPerChunk || records == nil {
            guard nextChunk() else {
                session.pool.countDropped(1)
                return
            }
        }
        guard let records, let published else { return }
        rxtrace_store_record(
            records + used * 4,
            rxtrace_ticks(),
            subscription,
            TraceRecordWords.packed(probe: probe, thread: threadIndex, kind: kind, valueKind: valueKind),
            value
        )
        used += 1
        rxtrace_store_release(published, UInt64(used))
    }

    /// Hands the full chunk over to the ring and takes an empty one.
    private func nextChunk() -> Bool {
        guard threadIndex != Self.noThreadIndex else { return false }
        let pool = session.pool
        var next: UnsafeMutablePointer<UInt64>?
        if let chunk {
            next = pool.handOver(chunk, thread: threadIndex)
            self.chunk = nil
        }
        if next == nil {
            next = pool.freshChunk(thread: threadIndex)
        }
        chunk = next
        records = next.map(TraceChunkPool.recordWords(of:))
        published = next.map(TraceChunkPool.publishedCount(of:))
        used = 0
        rxtrace_store_release(cell, UInt64(UInt(bitPattern: next)))
        return next != nil
    }

    /// Stops writing: the chunk goes into the ring (or among the spares when empty), the writer
    /// leaves the pool's list, and the thread index may go to a new thread once no record,
    /// mark or open subscription refers to it.
    func retire() {
        let pool = session.pool
        // The cell keeps naming the chunk until the ring holds it, so that a dump sees it.
        if let chunk {
            pool.retire(chunk, thread: threadIndex)
        }
        chunk = nil
        records = nil
        published = nil
        pool.unregister(cell)
        session.threadExited(threadIndex)
    }

    /// The calling thread's writer for `session`, created (and its thread registered) on the
    /// thread's first record.
    @inline(__always)
    static func current(for session: TraceSession) -> TraceThreadWriter {
        withCurrent(for: session) { $0 }
    }

    /// Runs `body` with the calling thread's writer for `session`, borrowed from the thread's
    /// slot (which keeps it alive) rather than retained: the per-event path of a probe.
    @inline(__always)
    static func withCurrent<Result>(for session: TraceSession, _ body: (TraceThreadWriter) -> Result) -> Result {
        if let pointer = rxtrace_thread_writer() {
            let slot = Unmanaged<TraceThreadWriter>.fromOpaque(pointer)
            let matches = slot._withUnsafeGuaranteedRef { $0.session === session }
            if matches {
                return slot._withUnsafeGuaranteedRef(body)
            }
        }
        return body(install(for: session))
    }

    /// Replaces the calling thread's writer with a new one for `session`.
    private static func install(for session: TraceSession) -> TraceThreadWriter {
        installExitHandler
        if let old = rxtrace_thread_writer() {
            let previous = Unmanaged<TraceThreadWriter>.fromOpaque(old)
            previous.takeUnretainedValue().retire()
            previous.release()
        }
        let writer = TraceThreadWriter(session: session, threadIndex: session.registerCurrentThread())
        rxtrace_set_thread_writer(Unmanaged.passRetained(writer).toOpaque())
        return writer
    }

    /// Retires and releases a thread's writer when the thread exits.
    private static let installExitHandler: Void = {
        rxtrace_set_thread_exit_handler { pointer in
            guard let pointer else { return }
            let writer = Unmanaged<TraceThreadWriter>.fromOpaque(pointer)
            writer.takeUnretainedValue().retire()
            writer.release()
        }
    }()
}
