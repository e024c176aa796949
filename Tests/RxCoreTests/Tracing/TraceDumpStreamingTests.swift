import Dispatch
import Foundation
import RxTraceFormat
import TestSupport
import Testing

@testable import RxCore

/// A dump streams the ring buffer's chunks to the file in time order (`TraceChunkMerge`)
/// instead of copying and sorting the whole ring: the file must still hold every record, in
/// order, with the counts right.
@Suite("trace dump streaming", .timeLimit(.minutes(2)))
struct TraceDumpStreamingTests {
    private static func session(capacity: Int) -> TraceSession {
        TraceSession(configuration: TraceConfiguration(capacity: capacity, dumpsAtExit: false, dumpsOnSignal: false))
    }

    /// Writes `count` records numbered from `start` on the calling thread, tagged with `tag`.
    private static func write(_ count: Int, from start: UInt64 = 0, tag: UInt64, into session: TraceSession) {
        let writer = TraceThreadWriter.current(for: session)
        for sequence in start..<(start + UInt64(count)) {
            writer.append(probe: 0, subscription: tag << 40 | sequence, kind: .next, valueKind: .uint, value: sequence)
        }
    }

    private static func temporaryPath() -> String {
        NSTemporaryDirectory() + "rxtrace-dump-\(UUID().uuidString).rxtrace"
    }

    /// The records of the trace file at `path`, read through the file reader (which checks
    /// every block).
    private static func readBack(_ path: String) throws -> (file: TraceFile, records: [TraceRecord]) {
        let reader = try TraceFileReader(path: path)
        let iterator = reader.records()
        var records: [TraceRecord] = []
        while let record = try iterator.next() {
            records.append(record)
        }
        return (reader.file, records)
    }

    @Test("a dump of a full ring written by many threads reads back with every record, in time order")
    func fullRingManyThreads() throws {
        let session = Self.session(capacity: 32 * 1024)
        _ = session.probe(identifier: "numbers", file: #filePath, line: #line, function: #function)
        let threads = 12
        let perThread = 9_000
        // Threads of their own (not a pool's, which may run several turns on one thread),
        // writing in rounds so that their chunks overlap in time.
        let finished = DispatchGroup()
        for index in 0..<threads {
            finished.enter()
            Thread {
                for round in 0..<9 {
                    Self.write(perThread / 9, from: UInt64(round * perThread / 9), tag: UInt64(index + 1), into: session)
                    usleep(100)
                }
                finished.leave()
            }.start()
        }
        #expect(finished.wait(timeout: .now() + 60) == .success)
        let (stored, lost) = session.pool.copyRecords()
        #expect(UInt64(stored.count) + lost == UInt64(threads * perThread))
        #expect(lost > 0, "the ring must be overwritten for this test to mean anything")

        let path = Self.temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        try session.write(reason: .request, to: path, replacing: .tracesOnly)
        let (file, records) = try Self.readBack(path)

        // Every record the ring holds, and only those.
        #expect(records.count == stored.count)
        #expect(Set(records.map(\.subscription)) == Set(stored.map(\.subscription)))
        #expect(file.header.recordsWritten == UInt64(threads * perThread))
        #expect(file.header.recordsLost == lost)
        // In time order, and each thread's records in the order it wrote them, a contiguous run
        // ending at its last.
        #expect(zip(records, records.dropFirst()).allSatisfy { $0.timestamp <= $1.timestamp })
        var byThread: [UInt64: [UInt64]] = [:]
        for record in records {
            #expect(record.subscription & (1 << 40 - 1) == record.value)
            byThread[record.subscription >> 40, default: []].append(record.value)
        }
        for (tag, values) in byThread {
            #expect(values.last == UInt64(perThread - 1), "thread \(tag)")
            #expect(values == Array(UInt64(perThread - values.count)..<UInt64(perThread)), "thread \(tag)")
        }
        // The in-memory snapshot holds the same records, in time order, each thread's in the
        // order it wrote them. (Records of different threads whose ticks convert to the same
        // nanosecond may be ordered differently by two dumps: each converts with its own clock
        // calibration.)
        let snapshot = session.snapshot(reason: .request)
        #expect(snapshot.records.map(\.subscription).sorted() == records.map(\.subscription).sorted())
        #expect(zip(snapshot.records, snapshot.records.dropFirst()).allSatisfy { $0.timestamp <= $1.timestamp })
        #expect(
            Dictionary(grouping: snapshot.records.map(\.subscription)) { $0 >> 40 }
                == Dictionary(grouping: records.map(\.subscription)) { $0 >> 40 }
        )
        #expect(snapshot.file.header.recordsWritten == file.header.recordsWritten)
    }

    @Test("chunks recycled after the dump noted them are left out and counted as lost")
    func recycledDuringTheMerge() throws {
        let session = Self.session(capacity: 8 * 1024)
        let capacity = session.pool.capacity
        Self.write(capacity, tag: 1, into: session)
        var merge = TraceChunkMerge(pool: session.pool, converter: session.timebase.converter())
        #expect(merge.noted == capacity)
        #expect(merge.lost == 0)
        // Two more chunks' worth recycles the two oldest chunks before the merge reads them.
        Self.write(2 * TraceChunkPool.recordsPerChunk, from: UInt64(capacity), tag: 1, into: session)
        var values: [UInt64] = []
        let passed = try merge.forEachBatch { batch in values += batch.map(\.value) }
        #expect(passed == capacity - 2 * TraceChunkPool.recordsPerChunk)
        #expect(merge.lost == UInt64(2 * TraceChunkPool.recordsPerChunk))
        // The records the dump noted, less the recycled ones; none written after it started.
        #expect(values == Array(UInt64(2 * TraceChunkPool.recordsPerChunk)..<UInt64(capacity)))
    }

    @Test("an empty ring dumps an empty, valid trace")
    func emptyRing() throws {
        let session = Self.session(capacity: 1024)
        let path = Self.temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        try session.write(reason: .request, to: path, replacing: .tracesOnly)
        let (file, records) = try Self.readBack(path)
        #expect(records.isEmpty)
        #expect(file.header.recordsWritten == 0)
        #expect(session.snapshot(reason: .request).records.isEmpty)
    }
}
