import Foundation
import RxTraceFormat
import TestSupport
import Testing

/// Every command that reads a trace, on a truncated and on a bit-flipped copy of a whole one:
/// none passes it as whole. `check` and `diff` exit 2 naming the damage; `report` and `export`
/// write what could be read, say so and exit 3.
@Suite("every command on a truncated and a bit-flipped trace")
struct DamagedTraceCommandTests {
    /// A whole trace with counted marks and records, its cut copy and its bit-flipped copy.
    private struct Traces {
        let folder: TemporaryDirectory
        let whole: String
        let damaged: [(name: String, path: String, damage: String)]

        init() throws {
            folder = try TemporaryDirectory()
            whole = folder.file("whole.rxtrace")
            let (file, records) = SmallTrace.clean()
            try TraceFileWriter.write(file, records: records, to: whole)
            let data = try Data(contentsOf: URL(fileURLWithPath: whole))
            let cut = folder.file("cut.rxtrace")
            try data.prefix(data.count - 40).write(to: URL(fileURLWithPath: cut))
            var flippedData = data
            flippedData[data.count - 30] ^= 0x40
            let flipped = folder.file("flipped.rxtrace")
            try flippedData.write(to: URL(fileURLWithPath: flipped))
            damaged = [("truncated", cut, "truncated"), ("bit-flipped", flipped, "corrupted")]
        }
    }

    @Test("check exits 2 naming the damage")
    func check() async throws {
        let traces = try Traces()
        defer { traces.folder.remove() }
        let rxtrace = try BuiltProgram.named("rxtrace")
        #expect(try await rxtrace.run(["check", traces.whole]).status == 0)
        for (name, path, damage) in traces.damaged {
            let result = try await rxtrace.run(["check", path])
            #expect(result.status == 2, "\(name): \(result.error)")
            #expect(result.error.contains("damaged trace") && result.error.contains(damage), "\(name): \(result.error)")
        }
    }

    @Test("diff exits 2 naming the damage, as a gate too; --allow-partial compares with a warning")
    func diff() async throws {
        let traces = try Traces()
        defer { traces.folder.remove() }
        let rxtrace = try BuiltProgram.named("rxtrace")
        let whole = try await rxtrace.run(["diff", traces.whole, traces.whole, "--fail-on-growth", "0"])
        #expect(whole.status == 0, "\(whole.error)")
        for (name, path, damage) in traces.damaged {
            for arguments in [[traces.whole, path], [path, traces.whole], [traces.whole, path, "--fail-on-growth", "0"]] {
                let result = try await rxtrace.run(["diff"] + arguments)
                #expect(result.status == 2, "\(name) \(arguments): \(result.output) \(result.error)")
                #expect(result.error.contains("damaged trace") && result.error.contains(damage), "\(name): \(result.error)")
                #expect(result.error.contains(path), "\(name): \(result.error)")
                #expect(result.output.isEmpty)
            }
            let allowed = try await rxtrace.run(["diff", traces.whole, path, "--allow-partial"])
            #expect(allowed.status == 0, "\(name): \(allowed.error)")
            #expect(allowed.error.contains("partial trace"), "\(name): \(allowed.error)")
        }
    }

    @Test("report says the trace is partial and exits 3")
    func report() async throws {
        let traces = try Traces()
        defer { traces.folder.remove() }
        let rxtrace = try BuiltProgram.named("rxtrace")
        #expect(try await rxtrace.run(["report", traces.whole]).status == 0)
        for (name, path, damage) in traces.damaged {
            for format in ["text", "json", "marbles", "html"] {
                let result = try await rxtrace.run(["report", path, "--format", format, "--width", "60"])
                #expect(result.status == 3, "\(name) \(format): \(result.error)")
                #expect(result.error.contains("partial trace") && result.error.contains(damage), "\(name) \(format): \(result.error)")
            }
        }
    }

    @Test("export writes what could be read, says so and exits 3, in every format")
    func export() async throws {
        let traces = try Traces()
        defer { traces.folder.remove() }
        let rxtrace = try BuiltProgram.named("rxtrace")
        for (name, path, damage) in traces.damaged {
            for format in ["perfetto", "chrome", "otlp", "jsonl"] {
                let out = traces.folder.file("\(name).\(format)")
                #expect(try await rxtrace.run(["export", traces.whole, "-f", format, "-o", out]).status == 0)
                let result = try await rxtrace.run(["export", path, "-f", format, "-o", out])
                #expect(result.status == 3, "\(name) \(format): \(result.error)")
                #expect(result.error.contains("partial trace") && result.error.contains(damage), "\(name) \(format): \(result.error)")
            }
        }
    }
}
