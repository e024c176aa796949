import CRxTrace
internal import RxTraceFormat

/// One thread's writing end of a trace session: the chunk it fills and its thread index.
///
/// Only its own thread touches a writer, so it needs no lock; the thread-local slot of
/// `CRxTrace` holds it (retained) and hands it back in a fraction of a nanosecond. When the
/// thread exits, its chunk is sealed so that it can be recycled.
final class TraceThreadWriter {
    /// The session this writer belongs to; a writer of an older session is replaced.
    let session: TraceSession
    /// The thread's index in the session's thread table.
    let threadIndex: UInt16
    /// The thread's event counts per probe, exact even when the ring overwrites records.
    let counters: TraceProbeCounters
    // `@exclusivity(unchecked)`: only the writer's own thread touches this state, and the
    // run-time exclusivity check would cost every record about 8 ns.
    @exclusivity(unchecked) private var records: UnsafeMutablePointer<UInt64>?
    @exclusivity(unchecked) private var published: UnsafeMutablePointer<UInt64>?
    @exclusivity(unchecked) private var chunk = -1
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
            guard claimChunk() else {
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

    /// Seals the current chunk and claims the next one.
    private func claimChunk() -> Bool {
        seal()
        guard let next = session.pool.claimChunk() else { return false }
        chunk = next
        records = session.pool.recordWords(ofChunk: next)
        published = session.pool.publishedCount(ofChunk: next)
        used = 0
        return true
    }

    /// Gives the current chunk back to the pool.
    func seal() {
        if chunk >= 0 {
            session.pool.sealChunk(chunk)
        }
        chunk = -1
        records = nil
        published = nil
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
            previous.takeUnretainedValue().seal()
            previous.release()
        }
        let writer = TraceThreadWriter(session: session, threadIndex: session.registerCurrentThread())
        rxtrace_set_thread_writer(Unmanaged.passRetained(writer).toOpaque())
        return writer
    }

    /// Seals and releases a thread's writer when the thread exits.
    private static let installExitHandler: Void = {
        rxtrace_set_thread_exit_handler { pointer in
            guard let pointer else { return }
            let writer = Unmanaged<TraceThreadWriter>.fromOpaque(pointer)
            writer.takeUnretainedValue().seal()
            writer.release()
        }
    }()
}
