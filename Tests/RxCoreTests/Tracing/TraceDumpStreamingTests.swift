import Dispatch
import Foundation
import RxTraceFormat
import TestSupport
import Testing

@testable import RxCore

/// A dump streams the ring buffer's chunks to the file in time order (`TraceChunkMerge`)
/// instead of copying and sorting the whole ring: the file must still hold every record, in
/// order, with the counts right.
@Suite("trace dump streaming", hangTimeLimit(minutes: 10), .offPool)
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
        #expect(finished.wait(timeout: .now() + hangGuardSeconds) == .success)
        // An exiting thread hands its last chunk over to the ring: wait until all have.
        let deadline = Date().addingTimeInterval(hangGuardSeconds)
        while session.pool.writerCount > 0, Date() < deadline { usleep(1000) }
        #expect(session.pool.writerCount == 0)
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
        // The in-memory snapshot holds the same records in the same order, although it
        // converts ticks with a calibration of its own.
        let snapshot = session.snapshot(reason: .request)
        #expect(snapshot.records.map(\.subscription) == records.map(\.subscription))
        #expect(snapshot.file.header.recordsWritten == file.header.recordsWritten)
    }

    @Test("two dumps order records alike whatever their calibration: the merge runs on raw ticks")
    func orderDoesNotDependOnCalibration() throws {
        let session = Self.session(capacity: 8 * 1024)
        // Two threads take turns, so their records interleave in time across two chunks.
        let turns = (DispatchSemaphore(value: 1), DispatchSemaphore(value: 0))
        let finished = DispatchGroup()
        let rounds = 200
        for tag in [UInt64(1), 2] {
            let (mine, theirs) = tag == 1 ? turns : (turns.1, turns.0)
            finished.enter()
            Thread {
                for round in 0..<rounds {
                    mine.wait()
                    Self.write(1, from: UInt64(round), tag: tag, into: session)
                    theirs.signal()
                }
                finished.leave()
            }.start()
        }
        #expect(finished.wait(timeout: .now() + hangGuardSeconds) == .success)
        /// The subscriptions in the order a merge with `converter` gives them.
        func merged(with converter: TraceTimebase.Converter) throws -> [UInt64] {
            var merge = TraceChunkMerge(pool: session.pool, converter: converter)
            var order: [UInt64] = []
            _ = try merge.forEachBatch { batch in order += batch.map(\.subscription) }
            return order
        }
        let start = session.timebase.startTicks
        let exact = try merged(with: .init(startTicks: start, rate: 1))
        // So coarse that every record converts to the same nanosecond.
        let coarse = try merged(with: .init(startTicks: start, rate: 1e-30))
        let expected = (0..<UInt64(rounds)).flatMap { [1 << 40 | $0, 2 << 40 | $0] }
        #expect(exact == expected)
        #expect(coarse == expected)
    }

    @Test("chunks recycled after the dump noted them are left out and counted as lost")
    func recycledDuringTheMerge() throws {
        let session = Self.session(capacity: 8 * 1024)
        let capacity = session.pool.capacity
        Self.write(capacity, tag: 1, into: session)
        var merge = TraceChunkMerge(pool: session.pool, converter: session.timebase.converter())
        #expect(merge.noted == capacity)
        #expect(merge.lost == 0)
        // Three more chunks' worth recycles the two oldest chunks before the merge reads them
        // (the first hand-over fills the ring's last slot with the chunk the thread was filling).
        Self.write(3 * TraceChunkPool.recordsPerChunk, from: UInt64(capacity), tag: 1, into: session)
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
