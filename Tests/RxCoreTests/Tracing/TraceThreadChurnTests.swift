import CRxTrace
import Dispatch
import Foundation
import RxTraceFormat
import TestSupport
import Testing

@testable import RxCore

/// Programs whose threads come and go for as long as they run, or outnumber the ring's chunks:
/// the trace must still be written, keep each thread's newest records, and count exactly.
@Suite("trace thread churn", hangTimeLimit(minutes: 10), .offPool)
struct TraceThreadChurnTests {
    private static func session(capacity: Int) -> TraceSession {
        TraceSession(configuration: TraceConfiguration(capacity: capacity, dumpsAtExit: false, dumpsOnSignal: false))
    }

    /// Runs `body` on a thread of its own, so that it may block without holding a thread of
    /// the cooperative pool.
    private static func onOwnThread<Result: Sendable>(_ body: @escaping @Sendable () -> Result) async -> Result {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: body()) }.start()
        }
    }

    /// Writes the session to a temporary trace file and reads it back through the file reader,
    /// which checks every record against the thread table.
    private static func dumpAndRead(_ session: TraceSession) throws -> (file: TraceFile, records: [TraceRecord]) {
        let path = NSTemporaryDirectory() + "rxtrace-churn-\(UUID().uuidString).rxtrace"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try session.write(reason: .request, to: path, replacing: .tracesOnly)
        let reader = try TraceFileReader(path: path)
        let iterator = reader.records()
        var records: [TraceRecord] = []
        while let record = try iterator.next() {
            records.append(record)
        }
        return (reader.file, records)
    }

    @Test("70,000 short-lived threads: the trace is written, reads back, and each probe's totals are exact")
    func moreThreadsThanThreadIndices() async throws {
        let session = Self.session(capacity: 4096)
        let opened = session.probe(identifier: "churn.opened", file: #filePath, line: #line, function: #function)
        let named = session.probe(identifier: "churn.named", file: #filePath, line: #line, function: #function)
        let threads = 70_000
        let finished = await Self.onOwnThread { () -> Bool in
            // Two at a time; each thread records three events and exits.
            for _ in 0..<(threads / 2) {
                let group = DispatchGroup()
                for _ in 0..<2 {
                    group.enter()
                    Thread {
                        let writer = TraceThreadWriter.current(for: session)
                        writer.append(probe: opened, subscription: 1, kind: .subscribed, valueKind: .none, value: 0)
                        // The value is the system's id of the thread, to check the thread table by.
                        writer.append(probe: named, subscription: 1, kind: .next, valueKind: .uint, value: rxtrace_system_thread_id())
                        writer.append(probe: opened, subscription: 1, kind: .disposed, valueKind: .disposalReason, value: 1)
                        group.leave()
                    }.start()
                }
                guard group.wait(timeout: .now() + hangGuardSeconds) == .success else { return false }
            }
            return true
        }
        #expect(finished)

        let (file, records) = try Self.dumpAndRead(session)
        let written = UInt64(3 * threads)
        #expect(file.header.recordsWritten == written)
        #expect(file.header.recordsLost == written - UInt64(records.count))
        #expect(file.threads.count <= Int(UInt16.max))
        let totals = Dictionary(uniqueKeysWithValues: zip(file.probes.map { file.string($0.identifier) ?? "" }, file.probeTotals ?? []))
        #expect(totals["churn.opened"] == TraceProbeTotals(subscribed: UInt64(threads), disposed: UInt64(threads)))
        #expect(totals["churn.named"] == TraceProbeTotals(next: UInt64(threads)))
        // The newest records are kept (each exiting thread's chunk takes a place in the ring),
        // each naming the thread that wrote it.
        #expect(records.count >= 3 * session.pool.chunkCount)
        let namedRecords = records.filter { $0.probe == named }
        #expect(!namedRecords.isEmpty)
        for record in namedRecords {
            #expect(file.threads[Int(record.thread)].systemID == record.value)
        }
    }

    @Test("more live writing threads than chunks: the newest records of each survive, and the loss count is exact")
    func moreLiveWritersThanChunks() async throws {
        let session = Self.session(capacity: TraceChunkPool.minimumChunks * TraceChunkPool.recordsPerChunk)
        _ = session.probe(identifier: "live", file: #filePath, line: #line, function: #function)
        let chunks = session.pool.chunkCount
        let threads = 3 * chunks
        let early = 2 * TraceChunkPool.recordsPerChunk + 88
        let late = 20
        let proceed = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let phase = DispatchGroup()
        let done = DispatchGroup()
        @Sendable func write(_ values: Range<Int>, tag: Int) {
            let writer = TraceThreadWriter.current(for: session)
            for value in values {
                writer.append(
                    probe: 0, subscription: UInt64(tag) << 40 | UInt64(value), kind: .next, valueKind: .uint, value: UInt64(value))
            }
        }
        let ready = await Self.onOwnThread { () -> Bool in
            for tag in 0..<threads {
                phase.enter()
                done.enter()
                Thread {
                    // Every thread writes, then waits while the others write, then writes its
                    // newest records and stays alive until the dump is taken.
                    write(0..<early, tag: tag)
                    phase.leave()
                    guard proceed.wait(timeout: .now() + hangGuardSeconds) == .success else { return }
                    write(early..<(early + late), tag: tag)
                    done.leave()
                    _ = release.wait(timeout: .now() + hangGuardSeconds)
                }.start()
            }
            guard phase.wait(timeout: .now() + hangGuardSeconds) == .success else { return false }
            for _ in 0..<threads { proceed.signal() }
            return done.wait(timeout: .now() + hangGuardSeconds) == .success
        }
        defer { for _ in 0..<threads { release.signal() } }
        #expect(ready)

        let (file, records) = try Self.dumpAndRead(session)
        let written = UInt64(threads * (early + late))
        #expect(file.header.recordsWritten == written)
        #expect(file.header.recordsLost == written - UInt64(records.count))
        #expect(file.probeTotals?.first?.next == written)
        var byThread: [UInt64: [UInt64]] = [:]
        for record in records {
            #expect(record.subscription & (1 << 40 - 1) == record.value)
            byThread[record.subscription >> 40, default: []].append(record.value)
        }
        #expect(byThread.count == threads)
        for tag in 0..<UInt64(threads) {
            let values = (byThread[tag] ?? []).sorted()
            // Each thread's kept records run without a gap up to the last it wrote.
            #expect(values.last == UInt64(early + late - 1), "thread \(tag)")
            #expect(values == Array(UInt64(early + late - values.count)..<UInt64(early + late)), "thread \(tag)")
            #expect(values.count >= late, "thread \(tag)")
        }
    }
}
