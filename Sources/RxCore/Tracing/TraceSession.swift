import CRxTrace
import Foundation
internal import RxTraceFormat

/// One run of tracing: the ring buffer and the tables its records refer to.
///
/// Probes, threads, open subscriptions and marks change at subscription time or less often,
/// under one lock (``LockedValue``); events only touch the calling thread's
/// ``TraceThreadWriter``.
final class TraceSession: Sendable {
    /// How this session was started.
    let configuration: TraceConfiguration
    /// The records.
    let pool: TraceChunkPool
    /// The clock of the records.
    let timebase: TraceTimebase
    /// Names, labels and element descriptions.
    let strings: TraceStringTable
    /// The process's name, as written in the header.
    let processName: String
    /// The process's id.
    let processID: Int32
    /// The resource counts over time, for a leak verdict without marks.
    let sampler: TraceResourceSampler

    private struct ProbeKey: Hashable {
        let identifier: String
        let file: String
        let line: UInt
        let function: String
    }

    private struct OpenSubscription {
        let probe: UInt32
        let thread: UInt16
        let subscribedAt: UInt64
    }

    private struct PendingMark {
        let ticks: UInt64
        let label: UInt32
        let thread: UInt16
        let snapshot: ResourceSnapshot
    }

    /// What changes at subscription time or less often.
    private struct Tables {
        var probes: [TraceProbe] = []
        var probeIndices: [ProbeKey: UInt32] = [:]
        var threads: [TraceThread] = []
        /// Indices of threads that exited, until their index can go to a new thread.
        var exitedThreads: [UInt16] = []
        /// Indices free to give to a new thread: nothing in the trace refers to them.
        var reusableThreads: [UInt16] = []
        /// The open subscriptions each thread index made: while any is open, it stays that thread's.
        var openPerThread: [UInt16: Int] = [:]
        /// Thread indices that marks refer to, which stay those threads' for the whole trace.
        var markingThreads: Set<UInt16> = []
        var open: [UInt64: OpenSubscription] = [:]
        var marks: [PendingMark] = []
        /// Every thread's probe counters, the exited threads' included.
        var counters: [TraceProbeCounters] = []
    }

    private let tables = LockedValue(Tables())

    /// Subscription ids are unique in the process, across sessions.
    private static let subscriptionCounter = AtomicCell<UInt64>(0)

    init(configuration: TraceConfiguration) {
        self.configuration = configuration
        pool = TraceChunkPool(capacity: configuration.capacity)
        timebase = TraceTimebase.start()
        strings = TraceStringTable(maximumCount: configuration.maximumStrings)
        sampler = TraceResourceSampler(period: configuration.samplePeriod)
        let info = ProcessInfo.processInfo
        processName = info.processName
        processID = info.processIdentifier
    }

    /// A new subscription id.
    func nextSubscriptionID() -> UInt64 {
        Self.subscriptionCounter.wrappingAdd(1, ordering: .relaxed) &+ 1
    }

    /// The index of the probe at this call site, interned on first use.
    func probe(identifier: String, file: String, line: UInt, function: String) -> UInt32 {
        let key = ProbeKey(identifier: identifier, file: file, line: line, function: function)
        if let index = tables.withLock({ $0.probeIndices[key] }) { return index }
        let entry = TraceProbe(
            identifier: strings.intern(identifier),
            file: strings.intern(file),
            line: UInt32(clamping: line),
            function: strings.intern(function)
        )
        return tables.withLock { tables in
            if let index = tables.probeIndices[key] { return index }
            let index = UInt32(tables.probes.count)
            tables.probes.append(entry)
            tables.probeIndices[key] = index
            return index
        }
    }

    /// The most entries of the thread table: records refer to threads by a 16-bit index, and
    /// the last index is ``TraceThreadWriter/noThreadIndex``.
    static let maximumThreads = Int(UInt16.max)

    /// Adds the calling thread to the thread table; called once per thread by its writer.
    ///
    /// A thread gets a new index while there are fewer than ``maximumThreads``; after that, the
    /// index of a thread that exited once nothing the trace keeps refers to it (no record in the
    /// ring, no mark, no open subscription), so that a program that makes threads for as long as
    /// it runs keeps its trace. Indices are not reused while a dump reads the ring.
    ///
    /// - Returns: The index, or ``TraceThreadWriter/noThreadIndex`` when every index is taken.
    func registerCurrentThread() -> UInt16 {
        // Foundation keeps a thread's name to itself on Linux; the system's name is the fallback.
        var name = Thread.current.name ?? ""
        if name.isEmpty {
            var buffer = [CChar](repeating: 0, count: 64)
            rxtrace_thread_name(&buffer, Int32(buffer.count))
            name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        let entry = TraceThread(systemID: rxtrace_system_thread_id(), name: strings.intern(name))
        return tables.withLock { tables in
            if tables.threads.count < Self.maximumThreads {
                tables.threads.append(entry)
                return UInt16(tables.threads.count - 1)
            }
            if tables.reusableThreads.isEmpty, !pool.isBeingRead {
                findReusableThreads(&tables)
            }
            guard let index = tables.reusableThreads.popLast() else { return TraceThreadWriter.noThreadIndex }
            tables.threads[Int(index)] = entry
            return index
        }
    }

    /// Moves the indices of exited threads that nothing refers to any more to the reusable ones.
    private func findReusableThreads(_ tables: inout Tables) {
        guard !tables.exitedThreads.isEmpty else { return }
        let inRing = pool.threadsInRing()
        var waiting: [UInt16] = []
        for index in tables.exitedThreads {
            if inRing.contains(index) || tables.openPerThread[index] != nil || tables.markingThreads.contains(index) {
                waiting.append(index)
            } else {
                tables.reusableThreads.append(index)
            }
        }
        tables.exitedThreads = waiting
    }

    /// Notes that the thread at `index` stopped writing (its last records are in the ring).
    func threadExited(_ index: UInt16) {
        guard index != TraceThreadWriter.noThreadIndex else { return }
        tables.withLock { $0.exitedThreads.append(index) }
    }

    /// New probe counters for a thread's writer, summed into every snapshot.
    func makeProbeCounters() -> TraceProbeCounters {
        let made = TraceProbeCounters()
        tables.withLock { $0.counters.append(made) }
        return made
    }

    /// Notes a subscription that is open until ``closed(subscription:)``.
    /// A thread without an index (``TraceThreadWriter/noThreadIndex``) has its subscriptions
    /// left out of the list, as its records are.
    func opened(subscription: UInt64, probe: UInt32, thread: UInt16, at ticks: UInt64) {
        guard thread != TraceThreadWriter.noThreadIndex else { return }
        tables.withLock {
            $0.open[subscription] = OpenSubscription(probe: probe, thread: thread, subscribedAt: ticks)
            $0.openPerThread[thread, default: 0] += 1
        }
    }

    /// Notes that a subscription was disposed.
    func closed(subscription: UInt64) {
        tables.withLock { tables in
            guard let entry = tables.open.removeValue(forKey: subscription) else { return }
            if let count = tables.openPerThread[entry.thread], count > 1 {
                tables.openPerThread[entry.thread] = count - 1
            } else {
                tables.openPerThread[entry.thread] = nil
            }
        }
    }

    /// Records a labelled moment with the resource counts now.
    func mark(_ label: String) {
        let ticks = TraceTimebase.now()
        let thread = TraceThreadWriter.current(for: self).threadIndex
        // A thread without an index has no mark either: nothing in the file could name it.
        guard thread != TraceThreadWriter.noThreadIndex else { return }
        let entry = PendingMark(ticks: ticks, label: strings.intern(label), thread: thread, snapshot: Resources.snapshot())
        tables.withLock {
            $0.marks.append(entry)
            $0.markingThreads.insert(thread)
        }
    }

    /// The open subscriptions' count and the marks so far, for the live channel's snapshot.
    func liveState() -> LiveSessionState {
        let converter = timebase.converter()
        let (openCount, marks) = tables.withLock { ($0.open.count, $0.marks) }
        return LiveSessionState(
            uptime: converter.nanoseconds(TraceTimebase.now()),
            openSubscriptions: openCount,
            marks: marks.map {
                LiveSessionState.Mark(
                    label: strings.string(at: $0.label) ?? "", nanoseconds: converter.nanoseconds($0.ticks), resources: $0.snapshot)
            }
        )
    }

    /// Each probe's exact event counts so far, without copying the ring buffer.
    func probeTotals() -> [ProbeTotals] {
        let (probes, counters) = tables.withLock { ($0.probes, $0.counters) }
        var totals = Array(repeating: TraceProbeTotals(), count: probes.count)
        for threadCounters in counters {
            threadCounters.add(to: &totals)
        }
        return zip(probes, totals).map { probe, counts in
            ProbeTotals(
                identifier: strings.string(at: probe.identifier) ?? "",
                file: strings.string(at: probe.file) ?? "",
                line: Int(probe.line),
                counts: counts
            )
        }
    }

    /// Everything recorded so far, timestamps in nanoseconds since the start, records in time
    /// order.
    func snapshot(reason: TraceDumpReason) -> TraceSnapshot {
        let converter = timebase.converter()
        var merge = TraceChunkMerge(pool: pool, converter: converter)
        // After the records were noted, so that none is later than the dump.
        let dumpTicks = TraceTimebase.now()
        var records: [TraceRecord] = []
        records.reserveCapacity(merge.noted)
        // The body does not throw.
        _ = try? merge.forEachBatch { records.append(contentsOf: $0) }
        let file = metadata(reason: reason, converter: converter, dumpTicks: dumpTicks, records: UInt64(records.count), lost: merge.lost)
        return TraceSnapshot(file: file, records: records)
    }

    /// Writes everything recorded so far to `path` as a trace file, streaming the ring
    /// buffer's records to the file writer in time order (``TraceChunkMerge``) rather than
    /// copying and sorting the whole ring first: the memory it takes is a few chunks and the
    /// writer's buffer, whatever the capacity.
    ///
    /// The file is the one ``snapshot(reason:)`` would give at the same moment, written as
    /// ``TraceSnapshot/write(to:replacing:)`` writes it.
    ///
    /// `started` gets the partial file's path once it is created (before any record is written).
    func write(reason: TraceDumpReason, to path: String, replacing: TraceFileReplacement, started: (String) -> Void = { _ in }) throws {
        let converter = timebase.converter()
        var merge = TraceChunkMerge(pool: pool, converter: converter)
        // After the records were noted, so that none is later than the dump.
        let dumpTicks = TraceTimebase.now()
        // The header is written first, with the records noted now; a chunk recycled before the
        // merge reads it is corrected for at the end.
        let noted = UInt64(merge.noted)
        let notedLost = merge.lost
        let file = metadata(reason: reason, converter: converter, dumpTicks: dumpTicks, records: noted, lost: notedLost)
        let writer = try TraceFileWriter(path: path, file: file, replacing: replacing)
        started(writer.temporaryPath)
        do {
            let written = try merge.forEachBatch { try writer.append(contentsOf: $0) }
            if merge.lost != notedLost {
                writer.correctRecordCounts(written: UInt64(written) + merge.lost, lost: merge.lost)
            }
        } catch {
            writer.discard()
            throw error
        }
        try writer.finish()
    }

    /// The trace's metadata now, for `records` records in the file and `lost` lost.
    private func metadata(
        reason: TraceDumpReason,
        converter: TraceTimebase.Converter,
        dumpTicks: UInt64,
        records: UInt64,
        lost: UInt64
    ) -> TraceFile {
        let (probes, threads, open, marks, counters) = tables.withLock {
            ($0.probes, $0.threads, $0.open, $0.marks, $0.counters)
        }
        // Read after the records were noted, so that every kept record is counted in the totals.
        var probeTotals = Array(repeating: TraceProbeTotals(), count: probes.count)
        for threadCounters in counters {
            threadCounters.add(to: &probeTotals)
        }
        let traceMarks = marks.map { mark in
            TraceMark(
                timestamp: converter.nanoseconds(mark.ticks),
                label: mark.label,
                thread: mark.thread,
                resourcesTotal: Resources.isEnabled ? Int64(mark.snapshot.total) : -1,
                types: mark.snapshot.types.sorted { $0.key < $1.key }.map {
                    TraceTypeCount(name: strings.intern($0.key), count: Int64($0.value))
                }
            )
        }
        let openSubscriptions = open.map { id, entry in
            TraceOpenSubscription(
                subscription: id,
                probe: entry.probe,
                thread: entry.thread,
                subscribedAt: converter.nanoseconds(entry.subscribedAt)
            )
        }.sorted { ($0.subscribedAt, $0.subscription) < ($1.subscribedAt, $1.subscription) }
        let (siteCapture, sites) = liveSites()
        // Before the string table is copied: the dump's own sample may intern a new type name.
        let resourceSamples = sampler.contents(converter: converter, dumpTicks: dumpTicks, strings: strings)
        let header = TraceHeader(
            processID: processID,
            processName: processName,
            startWallClock: timebase.startWallClock,
            clock: timebase.clock,
            capacity: UInt64(pool.capacity),
            recordsWritten: records + lost,
            recordsLost: lost,
            valueLimit: UInt32(clamping: configuration.valueLimit),
            dumpReason: reason,
            dumpTimestamp: converter.nanoseconds(dumpTicks),
            siteCapture: siteCapture
        )
        return TraceFile(
            header: header,
            strings: strings.all(),
            probes: probes,
            threads: threads,
            marks: traceMarks,
            openSubscriptions: openSubscriptions,
            sites: sites,
            probeTotals: probeTotals,
            resourceSamples: resourceSamples
        )
    }

    /// The allocation sites of every live resource, when sites are being captured: the leak
    /// suspects of the dump, with the lines that made them. Symbolizing happens here, at dump
    /// time, never on the hot path.
    private func liveSites() -> (TraceSiteCapture, [TraceSite]) {
        let mode = AllocationSites.mode
        guard Resources.isEnabled, mode != .off else { return (.off, []) }
        let capture: TraceSiteCapture
        switch mode {
        case .off, .callSites: capture = .off
        case .sampled(let every): capture = .sampled(every: UInt32(clamping: every))
        case .all: capture = .all
        }
        let sites = AllocationSites.live().sites.map { site in
            TraceSite(
                fingerprint: site.fingerprint,
                userFrame: strings.intern(site.userFrame),
                frames: site.frames.map(strings.intern),
                live: site.live.sorted { $0.key < $1.key }.map {
                    TraceTypeCount(name: strings.intern($0.key), count: Int64($0.value))
                },
                subscription: TraceSiteSubscription(site.subscription),
                nested: site.nestedCallSites.sorted { $0.key < $1.key }.map {
                    TraceTypeCount(name: strings.intern($0.key), count: Int64($0.value))
                }
            )
        }
        return (capture, sites)
    }
}

extension TraceSiteSubscription {
    /// The trace file's code for a site's subscription kind.
    init(_ subscription: AllocationSiteSubscription) {
        switch subscription {
        case .none: self = .none
        case .binding: self = .binding
        case .closure: self = .closure
        }
    }
}
