import Foundation
import RxCore
import TestSupport
import Testing

/// `check` and `report` on truncated and corrupted traces, and the counts of a trace whose
/// ring buffer overflowed, run as a user runs them.
@Suite("rxtrace on damaged and overflowing traces")
struct DamagedTraceTests {
    private static func rxtrace() throws -> BuiltProgram { try BuiltProgram.named("rxtrace") }

    /// Records `TracedHost` into `folder/name`.
    private static func record(
        _ name: String, in folder: TemporaryDirectory, _ arguments: [String], capacity: String? = nil
    ) async throws -> String {
        let path = folder.file(name)
        let host = try BuiltProgram.named("TracedHost").path
        let options = capacity.map { ["--capacity", $0] } ?? []
        let result = try await rxtrace().run(["record", "--output", path] + options + ["--", host] + arguments)
        #expect(result.status == 0, "\(result.error)")
        return path
    }

    /// Writes `bytes` to `folder/name`.
    private static func write(_ bytes: Data, _ name: String, in folder: TemporaryDirectory) throws -> String {
        let path = folder.file(name)
        try bytes.write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("check exits 2 naming the damage when the records or the end section are cut or corrupted")
    func checkReadsTheWholeFile() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let trace = try await Self.record("clean.rxtrace", in: folder, ["--iterations", "4"])
        let whole = try await Self.rxtrace().run(["check", trace])
        // Without the trait the marks carry no counts: a whole trace that cannot be checked.
        #expect(whole.status == (Resources.isEnabled ? 0 : 2), "\(whole.error)")
        let data = try Data(contentsOf: URL(fileURLWithPath: trace))

        // Cut inside the records, and cut exactly before the end section (16 + 8 bytes).
        for (name, length) in [("records.rxtrace", data.count - 40), ("end.rxtrace", data.count - 24)] {
            let cut = try Self.write(data.prefix(length), name, in: folder)
            let result = try await Self.rxtrace().run(["check", cut])
            #expect(result.status == 2, "\(name): \(result.output) \(result.error)")
            #expect(result.error.contains("damaged trace"), "\(result.error)")
            #expect(result.error.contains("truncated"), "\(result.error)")
            #expect(!result.output.contains("clean"))
        }

        // One changed byte in the last record block.
        var corrupted = data
        corrupted[data.count - 30] ^= 0x40
        let flipped = try Self.write(corrupted, "flipped.rxtrace", in: folder)
        let corruptResult = try await Self.rxtrace().run(["check", flipped])
        #expect(corruptResult.status == 2)
        #expect(corruptResult.error.contains("corrupted"), "\(corruptResult.error)")

        // --allow-partial judges the whole metadata and says the file is partial.
        let cut = folder.file("records.rxtrace")
        let allowed = try await Self.rxtrace().run(["check", cut, "--allow-partial"])
        #expect(allowed.status == whole.status)
        #expect(allowed.error.contains("partial trace"), "\(allowed.error)")
    }

    @Test("report on a damaged trace says so in every format and exits 3 unless --allow-partial")
    func reportSaysItIsPartial() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let trace = try await Self.record("run.rxtrace", in: folder, ["--iterations", "2"])
        let data = try Data(contentsOf: URL(fileURLWithPath: trace))
        let cut = try Self.write(data.prefix(data.count - 40), "cut.rxtrace", in: folder)

        let json = try await Self.rxtrace().run(["report", cut, "--format", "json"])
        #expect(json.status == 3, "\(json.error)")
        let root = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        #expect(root["partial"] as? Bool == true)
        let damage = try #require(root["damage"] as? [String: Any])
        #expect(damage["kind"] as? String == "truncated")
        #expect(["records", "end"].contains(damage["section"] as? String))
        #expect(damage["offset"] is Int)
        #expect(damage["recordsRead"] is Int)
        #expect((damage["message"] as? String)?.contains("truncated") == true)

        let wholeJSON = try await Self.rxtrace().run(["report", trace, "--format", "json"])
        #expect(wholeJSON.status == 0)
        let wholeRoot = try #require(try JSONSerialization.jsonObject(with: Data(wholeJSON.output.utf8)) as? [String: Any])
        #expect(wholeRoot["partial"] as? Bool == false)
        #expect(wholeRoot["damage"] == nil)

        let text = try await Self.rxtrace().run(["report", cut])
        #expect(text.status == 3)
        #expect(text.output.contains("partial   "))
        let html = try await Self.rxtrace().run(["report", cut, "--format", "html"])
        #expect(html.status == 3)
        #expect(html.output.contains("<strong>Partial trace:</strong>"))
        let marbles = try await Self.rxtrace().run(["report", cut, "--format", "marbles", "--width", "60"])
        #expect(marbles.status == 3)
        #expect(marbles.output.hasPrefix("partial trace: "))

        let allowed = try await Self.rxtrace().run(["report", cut, "--format", "json", "--allow-partial"])
        #expect(allowed.status == 0)
        #expect(allowed.output.contains("\"partial\" : true"))
    }

    @Test("after the ring buffer overflows, probe counts are exact totals and every format says which numbers are exact")
    func countsAreExactAfterOverflow() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let trace = try await Self.record("burst.rxtrace", in: folder, ["--iterations", "1", "--burst", "20000"], capacity: "2k")

        let json = try await Self.rxtrace().run(["report", trace, "--format", "json"])
        #expect(json.status == 0, "\(json.error)")
        let root = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        let process = try #require(root["process"] as? [String: Any])
        #expect((process["lostRecords"] as? Int ?? 0) > 0)
        #expect(process["probeCountsExact"] as? Bool == true)
        let probes = try #require(root["probes"] as? [[String: Any]])
        let burst = try #require(probes.first { $0["identifier"] as? String == "burst" })
        #expect(burst["subscriptions"] as? Int == 1)
        #expect(burst["next"] as? Int == 20000)
        #expect(burst["completed"] as? Int == 1)
        #expect(burst["disposed"] as? Int == 1)
        #expect(burst["countsExact"] as? Bool == true)
        let kept = try #require(burst["kept"] as? [String: Any])
        #expect((kept["next"] as? Int ?? .max) < 20000)
        // The early probes' records were all overwritten; their totals remain.
        let query = try #require(probes.first { $0["identifier"] as? String == "query" })
        #expect(query["next"] as? Int == 4)
        #expect(query["subscriptions"] as? Int == 1)

        let text = try await Self.rxtrace().run(["report", trace])
        #expect(text.output.contains("Probe counts are exact (counted outside the ring buffer)"))
        let html = try await Self.rxtrace().run(["report", trace, "--format", "html"])
        #expect(html.output.contains("Probe counts are exact"))
        let marbles = try await Self.rxtrace().run(["report", trace, "--format", "marbles", "--probe", "burst", "--width", "60"])
        #expect(marbles.output.contains("the diagrams show the records kept"))
    }
}
