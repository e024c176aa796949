import Dispatch
import Foundation
import TestSupport
import Testing

@testable import RxCore

/// The ring buffer on its own: overwrite with a lost count, many writing threads, and
/// snapshots taken while threads write.
@Suite("trace ring buffer", .offPool)
struct TraceChunkPoolTests {
    /// A session that only this test writes to (no probes, no global trace).
    private static func session(capacity: Int) -> TraceSession {
        TraceSession(configuration: TraceConfiguration(capacity: capacity, dumpsAtExit: false, dumpsOnSignal: false))
    }

    /// Writes `count` records numbered from 0 on the calling thread, tagged with `tag`.
    private static func write(_ count: Int, tag: UInt64, into session: TraceSession) {
        let writer = TraceThreadWriter.current(for: session)
        for sequence in 0..<UInt64(count) {
            writer.append(probe: 0, subscription: tag << 40 | sequence, kind: .next, valueKind: .uint, value: sequence)
        }
    }

    @Test("records come back whole and in order, with nothing lost below capacity")
    func recordsRoundTrip() {
        let session = Self.session(capacity: 8 * 1024)
        Self.write(3000, tag: 1, into: session)
        let (records, lost) = session.pool.copyRecords()
        #expect(lost == 0)
        #expect(records.map(\.value) == Array(0..<3000))
        #expect(records.allSatisfy { $0.subscription == 1 << 40 | $0.value && $0.kind == .next && $0.valueKind == .uint })
        #expect(zip(records, records.dropFirst()).allSatisfy { $0.timestamp <= $1.timestamp })
    }

    @Test("capacity is rounded up to whole chunks, with a minimum number of chunks")
    func capacityRounding() {
        #expect(TraceChunkPool(capacity: 1).capacity == TraceChunkPool.minimumChunks * TraceChunkPool.recordsPerChunk)
        #expect(TraceChunkPool(capacity: 20 * 1024 + 1).capacity == 20 * 1024 + TraceChunkPool.recordsPerChunk)
    }

    @Test("a full buffer overwrites the oldest records and counts them as lost")
    func overwriteCountsLostRecords() {
        let session = Self.session(capacity: 8 * 1024)
        let written = 8 * 1024 * 3 + 100
        Self.write(written, tag: 2, into: session)
        let (records, lost) = session.pool.copyRecords()
        // The newest records survive, contiguous up to the last one written.
        let values = records.map(\.value)
        #expect(values.last == UInt64(written - 1))
        #expect(values == Array(UInt64(written - values.count)..<UInt64(written)))
        #expect(UInt64(records.count) + lost == UInt64(written))
        #expect(records.count > 7 * 1024)
        let snapshot = session.snapshot(reason: .request)
        #expect(snapshot.file.header.recordsLost == lost)
        #expect(snapshot.file.header.recordsWritten == UInt64(written))
    }

    @Test("concurrent writers: every record whole, each thread's records a contiguous run ending at its last")
    func concurrentWritersStayWhole() {
        let session = Self.session(capacity: 64 * 1024)
        let threads = 4
        let perThread = 50_000
        DispatchQueue.concurrentPerform(iterations: threads) { index in
            Self.write(perThread, tag: UInt64(index + 1), into: session)
        }
        let (records, lost) = session.pool.copyRecords()
        #expect(UInt64(records.count) + lost == UInt64(threads * perThread))
        var byThread: [UInt64: [UInt64]] = [:]
        for record in records {
            #expect(record.subscription & (1 << 40 - 1) == record.value)
            byThread[record.subscription >> 40, default: []].append(record.value)
        }
        for (_, values) in byThread {
            let sorted = values.sorted()
            #expect(sorted.last == UInt64(perThread - 1))
            #expect(sorted == Array(UInt64(perThread - sorted.count)..<UInt64(perThread)))
            #expect(Set(values).count == values.count)
        }
    }

    @Test("snapshots taken while threads write hold only whole records")
    func snapshotsDuringWrites() {
        let session = Self.session(capacity: 16 * 1024)
        let done = Locked(false)
        // The writers run on a thread of their own and this reader polls until they are done, off
        // the cooperative pool (the suite is `.offPool`): polling on the pool for writers that
        // needed a thread of it hung forever when none was free.
        Thread {
            DispatchQueue.concurrentPerform(iterations: 2) { index in
                Self.write(400_000, tag: UInt64(index + 1), into: session)
            }
            done.withLock { $0 = true }
        }.start()
        var snapshots = 0
        var checked = 0
        let deadline = MonotonicInstant.after(seconds: hangGuardSeconds)
        while !done.withLock({ $0 }) || snapshots == 0 {
            if deadline.hasPassed { break }
            let (records, _) = session.pool.copyRecords()
            snapshots += 1
            var lastPerThread: [UInt64: UInt64] = [:]
            for record in records {
                #expect(record.kind == .next && record.valueKind == .uint && record.probe == 0)
                #expect(record.subscription & (1 << 40 - 1) == record.value)
                let tag = record.subscription >> 40
                #expect(tag == 1 || tag == 2)
                if let last = lastPerThread[tag] {
                    // Chunks come in the order of their first ticks, so a thread's records rise within a
                    // snapshot, even when a chunk seen filling was handed over during it.
                    #expect(record.value > last)
                }
                lastPerThread[tag] = record.value
                checked += 1
            }
        }
        #expect(done.withLock { $0 }, "the writers did not finish within the hang guard")
        #expect(snapshots > 0)
        #expect(checked > 0)
    }

    @Test("a thread that switches sessions seals its chunk in the old one")
    func switchingSessionsSealsChunks() {
        let first = Self.session(capacity: 8 * 1024)
        let second = Self.session(capacity: 8 * 1024)
        Self.write(10, tag: 1, into: first)
        Self.write(20, tag: 2, into: second)
        Self.write(30, tag: 3, into: first)
        #expect(first.pool.copyRecords().records.count == 40)
        #expect(second.pool.copyRecords().records.count == 20)
    }
}
