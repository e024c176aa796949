import Foundation
import RxTraceAnalysis
import RxTraceFormat
import TestSupport
import Testing

@testable import rxtrace

/// Every truncation of a small trace and thousands of seeded corruptions through `check` and
/// `report --format json`: no crash, and never a clean status for a damaged file.
///
/// The sweep runs in process through the commands' own steps (opening, the whole-file check,
/// the streaming read and the report's exit status); a sample also runs through the built
/// executable, which is what a CI gate calls.
@Suite("damaged traces never pass")
struct DamagedTraceFuzzTests {
    /// The status `rxtrace check` ends with on `path`, as far as the file's soundness goes:
    /// 2 when it cannot be used or is damaged, 0 when the verdict may be given.
    private static func checkStatus(_ path: String) -> Int32 {
        do {
            let reader = try TraceInput.open(path)
            try TraceDamageCheck.requireWhole(reader, allowPartial: false)
            return 0
        } catch let failure as CommandFailure {
            return failure.status
        } catch {
            return -1
        }
    }

    /// The status `rxtrace report --format json` ends with on `path`, and the JSON it writes.
    private static func reportStatus(_ path: String) throws -> (status: Int32, json: [String: Any]?) {
        let reading: TraceReading
        do {
            reading = try TraceReading(path: path, options: TraceSummary.Options())
        } catch let failure as CommandFailure {
            return (failure.status, nil)
        }
        let data = try reading.summary.jsonData()
        let json = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        return (ReportCommand.exitStatus(partial: reading.partial != nil, allowPartial: false), json)
    }

    /// `original` with a seeded kind of damage: bytes flipped, a run overwritten, a byte
    /// inserted or removed.
    private static func corrupt(_ original: Data, _ random: inout SplitMix64) -> Data {
        var bytes = [UInt8](original)
        switch Int.random(in: 0..<4, using: &random) {
        case 0:
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                bytes[Int.random(in: 0..<bytes.count, using: &random)] ^= UInt8.random(in: 1...255, using: &random)
            }
        case 1:
            let start = Int.random(in: 0..<bytes.count, using: &random)
            let fill: UInt8 = [0x00, 0xFF, 0x7F, 0x80].randomElement(using: &random)!
            for index in start..<min(start + Int.random(in: 1...8, using: &random), bytes.count) {
                bytes[index] = fill
            }
        case 2:
            bytes.insert(UInt8.random(in: 0...255, using: &random), at: Int.random(in: 0...bytes.count, using: &random))
        default:
            bytes.remove(at: Int.random(in: 0..<bytes.count, using: &random))
        }
        return Data(bytes)
    }

    @Test("every truncation and 3,000 seeded corruptions: check exits 2, report exits non-zero with partial JSON")
    func sweep() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let original = try SmallTrace.bytes(SmallTrace.clean(), in: folder)
        // Thousands of rewrites of one file: in memory when the system has a tmpfs.
        let memory = "/dev/shm"
        let path =
            FileManager.default.isWritableFile(atPath: memory)
            ? memory + "/rxtrace-fuzz-\(UUID().uuidString).rxtrace" : folder.file("damaged.rxtrace")
        defer { try? FileManager.default.removeItem(atPath: path) }
        try SmallTrace.store(original, at: path)
        #expect(Self.checkStatus(path) == 0)
        let whole = try Self.reportStatus(path)
        #expect(whole.status == 0)
        #expect(whole.json?["partial"] as? Bool == false)

        var damaged: [Data] = (0..<original.count).map { original.prefix($0) }
        var random = SplitMix64(seed: 20)
        while damaged.count < original.count + 3_000 {
            let bytes = Self.corrupt(original, &random)
            if bytes != original { damaged.append(bytes) }
        }
        var failures: [String] = []
        for (index, bytes) in damaged.enumerated() where failures.count < 5 {
            try SmallTrace.store(bytes, at: path)
            let check = Self.checkStatus(path)
            let report = try Self.reportStatus(path)
            let what = index < original.count ? "cut at \(index) bytes" : "corruption \(index - original.count)"
            if check != 2 {
                failures.append("\(what): check status \(check)")
            }
            if report.status == 0 {
                failures.append("\(what): report status 0")
            }
            if let json = report.json, json["partial"] as? Bool != true || json["damage"] == nil {
                failures.append("\(what): the JSON does not say the trace is partial")
            }
        }
        #expect(failures.isEmpty, "\(failures)")
    }

    @Test("a sample through the built executable: no crash, check exits 2, report exits 2 or 3")
    func sampleThroughTheExecutable() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let rxtrace = try BuiltProgram.named("rxtrace")
        let original = try SmallTrace.bytes(SmallTrace.clean(), in: folder)
        var random = SplitMix64(seed: 7)
        var samples = stride(from: 0, to: original.count, by: max(original.count / 12, 1)).map { original.prefix($0) }
        samples.append(original.prefix(original.count - 1))
        for _ in 0..<12 {
            samples.append(Self.corrupt(original, &random))
        }
        let path = folder.file("sample.rxtrace")
        for (index, bytes) in samples.enumerated() where bytes != original {
            try bytes.write(to: URL(fileURLWithPath: path))
            let check = try await rxtrace.run(["check", path])
            #expect(check.status == 2, "sample \(index): \(check.error)")
            let report = try await rxtrace.run(["report", path, "--format", "json"])
            #expect(report.status == 2 || report.status == 3, "sample \(index): \(report.status) \(report.error)")
        }
    }
}
