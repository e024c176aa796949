import Foundation
import RxTraceFormat
import TestSupport
import Testing

/// Exports and reports of big traces take time and memory in proportion to the trace: each is
/// run on a trace of size n and 2n, and the CPU time (and for the JSON report the memory) of
/// the `rxtrace` process may at most double, within noise. A linear pass doubles (less with the
/// fixed start-up cost), a quadratic one quadruples, so the test holds on a slow or loaded
/// machine and still catches a quadratic step. The absolute limits only guard against a hang.
@Suite("Scale: exports and reports stay linear in big traces", .serialized)
struct ScaleTests {
    /// The CPU time and the peak memory of one finished `rxtrace` run.
    struct Usage {
        var cpuSeconds: Double
        var maxResidentBytes: Int
    }

    /// The ratio of doubling the input above which a step is not linear: a linear one gives 2
    /// (less with its fixed cost), a quadratic one 4.
    static let doublingLimit = 3.0

    /// Runs `rxtrace` with `arguments` under `/usr/bin/time`, its output discarded, killed after
    /// `hangGuard` seconds; its CPU time (user and system) and peak resident memory.
    static func measure(_ arguments: [String], in folder: TemporaryDirectory, hangGuard: Int = 120) async throws -> Usage {
        let rxtrace = try BuiltProgram.named("rxtrace").path
        let stats = folder.file("usage-\(UUID().uuidString)")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/time")
        process.arguments = ["-f", "%U %S %M", "-o", stats, "timeout", "-s", "KILL", String(hangGuard), rxtrace] + arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        // Wait for the end without holding a thread of the cooperative pool.
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            process.terminationHandler = { _ in done.resume() }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                done.resume()
            }
        }
        #expect(process.terminationStatus == 0, "rxtrace \(arguments.joined(separator: " ")) ended with \(process.terminationStatus)")
        let text = try String(contentsOfFile: stats, encoding: .utf8)
        // `time` writes "Command exited with non-zero status N" first when it did.
        let fields = try #require(text.split(separator: "\n").last).split(separator: " ").compactMap { Double($0) }
        try #require(fields.count == 3, "unexpected /usr/bin/time output: \(text)")
        return Usage(cpuSeconds: fields[0] + fields[1], maxResidentBytes: Int(fields[2]) * 1024)
    }

    /// Writes a trace of `records` through the project's writer, `chunk` records at a time.
    static func write(_ file: TraceFile, recordCount: Int, to path: String, records: (Int) -> TraceRecord) throws {
        var file = file
        file.header.recordsWritten = UInt64(recordCount)
        file.header.recordsLost = 0
        file.header.capacity = max(file.header.capacity, UInt64(recordCount))
        let writer = try TraceFileWriter(path: path, file: file)
        var chunk: [TraceRecord] = []
        chunk.reserveCapacity(4096)
        for index in 0..<recordCount {
            chunk.append(records(index))
            if chunk.count == 4096 {
                try writer.append(contentsOf: chunk)
                chunk.removeAll(keepingCapacity: true)
            }
        }
        try writer.append(contentsOf: chunk)
        try writer.finish()
    }

    /// A trace's metadata with `probes` probes, each named and placed differently, one thread.
    static func metadata(probes: Int, extraStrings: [String] = []) -> TraceFile {
        var strings = ["", "main", "App/Feed.swift", "load()"] + extraStrings
        var table: [TraceProbe] = []
        table.reserveCapacity(probes)
        for index in 0..<probes {
            strings.append("feed.item\(index)")
            table.append(TraceProbe(identifier: UInt32(strings.count - 1), file: 2, line: UInt32(index % 5_000 + 1), function: 3))
        }
        var header = TraceFixtures.header()
        header.dumpTimestamp = 10_000_000_000
        return TraceFile(
            header: header, strings: strings, probes: table, threads: [TraceThread(systemID: 1, name: 1)], marks: [],
            openSubscriptions: [], sites: [], probeTotals: nil)
    }

    /// One probe through which `open` subscriptions subscribe, all open at once, then are
    /// disposed in the order they came.
    static func openSubscriptionsTrace(_ open: Int, at path: String) throws {
        try write(metadata(probes: 1), recordCount: 2 * open, to: path) { index in
            let subscribing = index < open
            let subscription = UInt64(subscribing ? index : index - open) + 1
            return TraceRecord(
                timestamp: UInt64(index) * 10, subscription: subscription, probe: 0, thread: 0,
                kind: subscribing ? .subscribed : .disposed)
        }
    }

    /// `probes` probes, each with one subscription: subscribed, an element, completed, disposed.
    static func manyProbesTrace(_ probes: Int, at path: String) throws {
        try write(metadata(probes: probes), recordCount: 4 * probes, to: path) { index in
            let probe = index / 4
            let kinds: [TraceEventKind] = [.subscribed, .next, .completed, .disposed]
            let kind = kinds[index % 4]
            return TraceRecord(
                timestamp: UInt64(index) * 10, subscription: UInt64(probe) + 1, probe: UInt32(probe), thread: 0, kind: kind,
                valueKind: kind == .next ? .int : .none, value: kind == .next ? UInt64(probe) : 0)
        }
    }

    /// About `megabytes` of records over 200 probes: each subscription subscribes and sends an
    /// element, and every other one is disposed, so the report lists half of them as open.
    static func bigTrace(megabytes: Int, at path: String) throws {
        let recordCount = megabytes * 1_000_000 / TraceRecord.encodedSize
        try write(metadata(probes: 200), recordCount: recordCount, to: path) { index in
            // Groups of 5 records: two subscriptions, the first of them disposed.
            let group = index / 5
            let kinds: [(TraceEventKind, Int)] = [(.subscribed, 0), (.next, 0), (.disposed, 0), (.subscribed, 1), (.next, 1)]
            let (kind, member) = kinds[index % 5]
            let subscription = UInt64(group * 2 + member) + 1
            return TraceRecord(
                timestamp: UInt64(index) * 10, subscription: subscription, probe: UInt32(subscription % 200), thread: 0, kind: kind,
                valueKind: kind == .next ? .int : .none, value: kind == .next ? subscription : 0)
        }
    }

    /// The usage at n and 2n, with the ratio of their CPU times checked.
    static func doubling(
        _ name: String, in folder: TemporaryDirectory, sizes: (Int, Int), build: (Int, String) throws -> Void,
        arguments: (String) -> [String]
    ) async throws -> (Usage, Usage) {
        let paths = [sizes.0, sizes.1].map { folder.file("\(name)-\($0).rxtrace") }
        defer { paths.forEach { try? FileManager.default.removeItem(atPath: $0) } }
        try build(sizes.0, paths[0])
        try build(sizes.1, paths[1])
        var usages: [Usage] = []
        for path in paths {
            usages.append(try await measure(arguments(path), in: folder))
        }
        var ratio = usages[1].cpuSeconds / max(usages[0].cpuSeconds, 0.01)
        // Load only adds CPU time (and `time` counts in 10 ms steps): over the limit, measure both
        // twice more and keep each one's least. A quadratic step stays over it; noise does not.
        for _ in 0..<2 where ratio > doublingLimit {
            for (index, path) in paths.enumerated() {
                let again = try await measure(arguments(path), in: folder)
                usages[index].cpuSeconds = min(usages[index].cpuSeconds, again.cpuSeconds)
                usages[index].maxResidentBytes = min(usages[index].maxResidentBytes, again.maxResidentBytes)
            }
            ratio = usages[1].cpuSeconds / max(usages[0].cpuSeconds, 0.01)
        }
        #expect(
            ratio <= doublingLimit,
            "\(name): \(usages[0].cpuSeconds) s at \(sizes.0), \(usages[1].cpuSeconds) s at \(sizes.1): ×\(ratio) for twice the input")
        return (usages[0], usages[1])
    }

    @Test("export --format perfetto: 300,000 and 600,000 subscriptions open at once on one probe")
    func perfettoOpenSubscriptions() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        _ = try await Self.doubling("perfetto", in: folder, sizes: (300_000, 600_000), build: Self.openSubscriptionsTrace) {
            ["export", $0, "--format", "perfetto", "-o", folder.file("out.perfetto-trace")]
        }
    }

    @Test("report --format marbles and html: 10,000 and 20,000 probes", arguments: ["marbles", "html"])
    func manyProbes(format: String) async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        _ = try await Self.doubling(format, in: folder, sizes: (10_000, 20_000), build: Self.manyProbesTrace) {
            ["report", $0, "--format", format, "--width", "100", "-o", folder.file("out.\(format)")]
        }
    }

    @Test("report --format json: a 25 and a 50 MB trace with about 300,000 open subscriptions, in less memory than twice the trace")
    func jsonReportMemory() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let empty = folder.file("empty.rxtrace")
        try Self.bigTrace(megabytes: 0, at: empty)
        let baseline = try await Self.measure(["report", empty, "--format", "json", "-o", folder.file("empty.json")], in: folder)
        let (half, whole) = try await Self.doubling("json", in: folder, sizes: (25, 50), build: Self.bigTrace) {
            ["report", $0, "--format", "json", "-o", folder.file("out.json")]
        }
        let growth = (half: half.maxResidentBytes - baseline.maxResidentBytes, whole: whole.maxResidentBytes - baseline.maxResidentBytes)
        // Beyond the program itself: the open subscriptions and the summary, well below the
        // trace's size (the whole document at once took 1.2 KB per open subscription).
        #expect(
            growth.whole <= 2 * 50_000_000, "the JSON report of a 50 MB trace took \(growth.whole / 1_000_000) MB beyond the program's own")
        #expect(
            Double(growth.whole) <= Self.doublingLimit * Double(max(growth.half, 1_000_000)),
            "memory beyond the program's own: \(growth.half / 1_000_000) MB at 25 MB, \(growth.whole / 1_000_000) MB at 50 MB")
    }

    @Test("html and marbles of 400 one-megabyte elements: a page under a megabyte, no value measured in full")
    func megabyteValues() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let value = String(repeating: "abcdefgh", count: 131_072)
        var file = Self.metadata(probes: 1, extraStrings: [value])
        file.header.valueLimit = 2_000_000
        let trace = folder.file("values.rxtrace")
        try Self.write(file, recordCount: 402, to: trace) { index in
            switch index {
            case 0: TraceRecord(timestamp: 1, subscription: 1, probe: 0, thread: 0, kind: .subscribed)
            case 401: TraceRecord(timestamp: 1_000, subscription: 1, probe: 0, thread: 0, kind: .completed)
            default: TraceRecord(timestamp: UInt64(index), subscription: 1, probe: 0, thread: 0, kind: .next, valueKind: .string, value: 4)
            }
        }
        let page = folder.file("values.html")
        let usage = try await Self.measure(["report", trace, "--format", "html", "-o", page], in: folder)
        // Each tooltip showed the whole value: 400 MB, which did not finish in 100 s.
        let size = try #require(try FileManager.default.attributesOfItem(atPath: page)[.size] as? Int)
        #expect(size < 1_000_000)
        #expect(usage.cpuSeconds < 20)
        // The marbles measured every value in full to shorten it: killed at 100 s before, about
        // 2.5 s of CPU after (most of it the "Values in full" listing, which prints them whole).
        let marbles = try await Self.measure(["report", trace, "--format", "marbles", "-o", folder.file("values.txt")], in: folder)
        #expect(marbles.cpuSeconds < 20)
    }
}
