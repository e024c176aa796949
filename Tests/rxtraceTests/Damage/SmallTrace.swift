import Foundation
import RxTraceFormat
import TestSupport

/// Small trace files built in the test: a whole, clean one to damage, and valid ones full of
/// extreme values (their checksums are right, so the values reach the analysis).
enum SmallTrace {
    /// A whole trace whose leak verdict is clean (three marks with the same counts), with two
    /// probes, probe totals, an open subscription, a site with its subscription detail, resource
    /// samples and a handful of records: every section a program writes, so that damage reaches
    /// each of them.
    static func clean() -> (file: TraceFile, records: [TraceRecord]) {
        let strings = ["", "query", "App/Main.swift", "run()", "main", "round", "Sink", "boom", "rx"]
        let header = TraceHeader(
            processID: 42,
            processName: "Small",
            startWallClock: 1_700_000_000_000_000_000,
            clock: .monotonic,
            capacity: 1024,
            recordsWritten: 7,
            recordsLost: 0,
            valueLimit: 64,
            dumpReason: .exit,
            dumpTimestamp: 10_000,
            siteCapture: .all
        )
        let marks = (0..<3).map { index in
            TraceMark(
                timestamp: UInt64(1_000 * (index + 1)),
                label: 5,
                thread: 0,
                resourcesTotal: 2,
                types: [TraceTypeCount(name: 6, count: 2)]
            )
        }
        let file = TraceFile(
            header: header,
            strings: strings,
            probes: [
                TraceProbe(identifier: 1, file: 2, line: 7, function: 3),
                TraceProbe(identifier: 8, file: 2, line: 9, function: 3),
            ],
            threads: [TraceThread(systemID: 99, name: 4)],
            marks: marks,
            openSubscriptions: [TraceOpenSubscription(subscription: 2, probe: 1, thread: 0, subscribedAt: 500)],
            sites: [
                TraceSite(
                    fingerprint: 0xab, userFrame: 2, frames: [2, 3], live: [TraceTypeCount(name: 6, count: 2)],
                    subscription: .closure, nested: [TraceTypeCount(name: 2, count: 1)])
            ],
            probeTotals: [
                TraceProbeTotals(subscribed: 1, next: 2, error: 1, completed: 0, disposed: 1),
                TraceProbeTotals(subscribed: 1, next: 1),
            ],
            resourceSamples: TraceResourceSamples(
                period: 1_000,
                taken: 3,
                samples: (1...3).map {
                    TraceResourceSample(timestamp: UInt64(1_000 * $0), resourcesTotal: 2, types: [TraceTypeCount(name: 6, count: 2)])
                }
            )
        )
        let records = [
            TraceRecord(timestamp: 100, subscription: 1, probe: 0, thread: 0, kind: .subscribed),
            TraceRecord(timestamp: 200, subscription: 1, probe: 0, thread: 0, kind: .next, valueKind: .int, value: 1),
            TraceRecord(timestamp: 300, subscription: 1, probe: 0, thread: 0, kind: .next, valueKind: .string, value: 8),
            TraceRecord(timestamp: 400, subscription: 1, probe: 0, thread: 0, kind: .error, valueKind: .string, value: 7),
            TraceRecord(timestamp: 450, subscription: 1, probe: 0, thread: 0, kind: .disposed, valueKind: .disposalReason, value: 2),
            TraceRecord(timestamp: 500, subscription: 2, probe: 1, thread: 0, kind: .subscribed),
            TraceRecord(timestamp: 600, subscription: 2, probe: 1, thread: 0, kind: .next, valueKind: .double, value: 0.5.bitPattern),
        ]
        return (file, records)
    }

    /// Puts `bytes` at `path` with plain system calls: `Data.write(to:)` takes milliseconds a
    /// file here, which thousands of fuzz cases cannot afford.
    static func store(_ bytes: Data, at path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { throw CocoaError(.fileWriteUnknown) }
        defer { close(descriptor) }
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        guard written == bytes.count else { throw CocoaError(.fileWriteUnknown) }
    }

    /// The bytes of a trace, written through `TraceFileWriter` into `folder`.
    static func bytes(_ trace: (file: TraceFile, records: [TraceRecord]), in folder: TemporaryDirectory) throws -> Data {
        // In memory when the system has a tmpfs: the writer flushes every file to disk.
        let name = "written-\(UUID().uuidString).rxtrace"
        let path = FileManager.default.isWritableFile(atPath: "/dev/shm") ? "/dev/shm/rxtrace-" + name : folder.file(name)
        try TraceFileWriter.write(trace.file, records: trace.records, to: path)
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try Data(contentsOf: URL(fileURLWithPath: path))
    }

    /// A valid trace whose numbers are drawn from the edges of their types: counts, totals,
    /// timestamps, identifiers, lengths, in and out of order.
    static func extreme(_ random: inout SplitMix64) -> (file: TraceFile, records: [TraceRecord]) {
        func u64() -> UInt64 {
            [0, 1, 2, .max, .max - 1, UInt64(Int64.max), UInt64(Int64.max) + 1, random.next()].randomElement(using: &random)!
        }
        func i64() -> Int64 {
            [0, 1, -1, .max, .min, .max - 1, .min + 1, Int64(bitPattern: random.next())].randomElement(using: &random)!
        }
        func u32() -> UInt32 {
            [0, 1, .max, .max - 1, UInt32(truncatingIfNeeded: random.next())].randomElement(using: &random)!
        }
        let strings = ["", "a", "T", "U", "label", String(repeating: "w", count: Int.random(in: 0...300, using: &random))]
        func stringIndex() -> UInt32 { UInt32.random(in: 0..<UInt32(strings.count), using: &random) }
        let probeCount = Int.random(in: 1...3, using: &random)
        let probes = (0..<probeCount).map { _ in
            TraceProbe(identifier: stringIndex(), file: stringIndex(), line: u32(), function: stringIndex())
        }
        let threads = (0..<Int.random(in: 1...2, using: &random)).map { _ in TraceThread(systemID: u64(), name: stringIndex()) }
        func thread() -> UInt16 { UInt16.random(in: 0..<UInt16(threads.count), using: &random) }
        func probe() -> UInt32 { UInt32.random(in: 0..<UInt32(probeCount), using: &random) }
        // Type names repeat within a mark on purpose: a reader sums them.
        func typeCounts() -> [TraceTypeCount] {
            (0..<Int.random(in: 0...3, using: &random)).map { _ in
                TraceTypeCount(name: [2, 3].randomElement(using: &random)!, count: i64())
            }
        }
        let marks = (0..<Int.random(in: 0...5, using: &random)).map { _ in
            TraceMark(timestamp: u64(), label: stringIndex(), thread: thread(), resourcesTotal: i64(), types: typeCounts())
        }
        let open = (0..<Int.random(in: 0...3, using: &random)).map { _ in
            TraceOpenSubscription(subscription: u64(), probe: probe(), thread: thread(), subscribedAt: u64())
        }
        let sites = (0..<Int.random(in: 0...3, using: &random)).map { _ in
            TraceSite(
                fingerprint: [0, .max, random.next()].randomElement(using: &random)!, userFrame: stringIndex(), frames: [stringIndex()],
                live: typeCounts(), subscription: TraceSiteSubscription.allCases.randomElement(using: &random)!,
                nested: typeCounts())
        }
        let capture: TraceSiteCapture = [.off, .all, .sampled(every: max(u32(), 1))].randomElement(using: &random)!
        let header = TraceHeader(
            processID: Int32(truncatingIfNeeded: i64()),
            processName: strings.randomElement(using: &random)!,
            startWallClock: i64(),
            clock: [.monotonic, .cpuCounter].randomElement(using: &random)!,
            capacity: u64(),
            recordsWritten: u64(),
            recordsLost: u64(),
            valueLimit: u32(),
            dumpReason: [.exit, .signal, .request].randomElement(using: &random)!,
            dumpTimestamp: u64(),
            siteCapture: capture
        )
        let subscriptions = [0, 1, .max, random.next()]
        let records = (0..<Int.random(in: 0...40, using: &random)).map { _ -> TraceRecord in
            let kind = TraceEventKind.allCases.randomElement(using: &random)!
            let valueKind = TraceValueKind.allCases.randomElement(using: &random)!
            let value: UInt64 =
                switch valueKind {
                case .none: 0
                case .int, .uint: u64()
                case .double:
                    [
                        Double.nan.bitPattern, Double.infinity.bitPattern, (-Double.infinity).bitPattern,
                        Double.greatestFiniteMagnitude.bitPattern, u64(),
                    ].randomElement(using: &random)!
                case .bool: UInt64.random(in: 0...1, using: &random)
                case .string: UInt64(stringIndex())
                case .disposalReason: UInt64.random(in: 0...3, using: &random)
                }
            return TraceRecord(
                timestamp: u64(),
                subscription: subscriptions.randomElement(using: &random)!,
                probe: probe(),
                thread: thread(),
                kind: kind,
                valueKind: valueKind,
                value: value
            )
        }
        let totals =
            Bool.random(using: &random)
            ? (0..<probeCount).map { _ in TraceProbeTotals(subscribed: u64(), next: u64(), error: u64(), completed: u64(), disposed: u64())
            }
            : nil
        // Samples need probe totals (version 1.2 has both), a period when there are any, and
        // timestamps in order.
        let samples =
            totals != nil && Bool.random(using: &random)
            ? TraceResourceSamples(
                period: max(u64(), 1), taken: u64(),
                samples: (0..<Int.random(in: 0...5, using: &random)).map { _ in u64() }.sorted().map { timestamp in
                    TraceResourceSample(timestamp: timestamp, resourcesTotal: i64(), types: typeCounts())
                })
            : nil
        let file = TraceFile(
            header: header,
            strings: strings,
            probes: probes,
            threads: threads,
            marks: marks,
            openSubscriptions: open,
            sites: sites,
            probeTotals: totals,
            resourceSamples: samples
        )
        return (file, records)
    }
}
