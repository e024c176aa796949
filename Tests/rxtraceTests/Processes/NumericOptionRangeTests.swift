import Foundation
import TestSupport
import Testing

/// Every numeric option of every command has a range, stated in `--help` and docs/cli.md and
/// checked before anything is read: out-of-range values, negative ones included, are usage
/// errors that name the range, never a trap, an allocation of gigabytes or "Missing value".
@Suite("numeric options: documented ranges, checked with a clear message")
struct NumericOptionRangeTests {
    /// Each numeric option: its command, the option, a value below and above its range, the
    /// range as the message says it, and the arguments the command needs besides.
    private static let options: [(command: String, option: String, low: String, high: String, range: String, rest: [String])] = [
        ("report", "--width", "-5", "1000000000", "from 20 to 1000", ["-f", "marbles"]),
        ("report", "--warm-up", "-1", "1000001", "from 1 to 1000000", []),
        ("report", "--allow-growth", "-3", "1000000001", "from 0 to 1000000000", []),
        ("check", "--warm-up", "0", "9223372036854775807", "from 1 to 1000000", []),
        ("check", "--allow-growth", "-1", "9223372036854775807", "from 0 to 1000000000", []),
        ("export", "--batch-size", "-1", "100001", "from 1 to 100000", ["-f", "otlp"]),
        ("export", "--max-span-events", "-1", "100001", "from 0 to 100000", ["-f", "otlp"]),
        ("export", "--attempts", "-2", "101", "from 1 to 100", ["-f", "otlp"]),
        ("export", "--request-timeout", "-1", "3601", "seconds from 0.1 to 3600", ["-f", "otlp"]),
        ("export", "--timeout", "-1", "86401", "seconds from 0.1 to 86400", ["-f", "otlp"]),
    ]

    @Test("a value below or above the range exits 64 naming the option, the value and the range")
    func outOfRange() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let trace = folder.file("t.rxtrace")
        try SampleTraces.writeOverlapping(to: trace)
        let rxtrace = try BuiltProgram.named("rxtrace")
        for entry in Self.options {
            for value in [entry.low, entry.high] {
                let result = try await rxtrace.run([entry.command, trace, entry.option, value] + entry.rest)
                #expect(result.status == 64, "\(entry.command) \(entry.option) \(value): \(result.error)")
                #expect(result.error.contains("\(entry.option) \(value): must be"), "\(result.error)")
                #expect(result.error.contains(entry.range), "\(result.error)")
                #expect(!result.error.contains("Missing value"), "\(result.error)")
                #expect(result.output.isEmpty)
            }
        }
        let negative = try await rxtrace.run(["diff", trace, trace, "--fail-on-growth", "-1"])
        #expect(negative.status == 64)
        #expect(negative.error.contains("--fail-on-growth -1: must be ≥ 0"), "\(negative.error)")
        for value in ["nan", "inf"] {
            let result = try await rxtrace.run(["export", trace, "-f", "otlp", "--timeout", value])
            #expect(result.status == 64, "\(value): \(result.error)")
            #expect(result.error.contains("must be a number of seconds from 0.1 to 86400"), "\(result.error)")
        }
    }

    @Test("the largest width is drawn, and a huge COLUMNS is kept to it")
    func widthIsBounded() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let trace = folder.file("t.rxtrace")
        try SampleTraces.writeOverlapping(to: trace)
        let rxtrace = try BuiltProgram.named("rxtrace")
        let widest = try await rxtrace.run(["report", trace, "-f", "marbles", "--width", "1000"])
        #expect(widest.status == 0, "\(widest.error)")
        let columns = try await rxtrace.run(["report", trace, "-f", "marbles"], environment: ["COLUMNS": "1000000000"])
        #expect(columns.status == 0, "\(columns.error)")
        #expect(columns.output == widest.output)
        #expect(columns.output.split(separator: "\n").allSatisfy { $0.count <= 1000 })
    }

    @Test("each range is in the command's --help and in docs/cli.md")
    func rangesAreDocumented() async throws {
        let rxtrace = try BuiltProgram.named("rxtrace")
        let cli = try RepositoryFiles.text("docs/cli.md")
        for entry in Self.options {
            let help = try await rxtrace.run(["help", entry.command]).output.replacingOccurrences(of: "\n", with: " ")
            let compact = help.split(separator: " ").joined(separator: " ")
            let bounds = entry.range.replacingOccurrences(of: "seconds ", with: "").replacingOccurrences(of: "from ", with: "")
            #expect(compact.contains(bounds), "\(entry.command) --help does not say \(bounds) for \(entry.option)")
            #expect(cli.contains("`\(entry.option)`"), "docs/cli.md does not list \(entry.option)")
        }
        #expect(cli.contains("`--fail-on-growth` | ≥ 0"))
    }
}
