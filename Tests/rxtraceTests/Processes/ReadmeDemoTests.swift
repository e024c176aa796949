import Foundation
import RxCore
import TestSupport
import Testing

/// README.md shows what `swift run --traits TraceResources rxtrace demo` prints: the sample
/// must be what the demo really prints, up to what varies from run to run (durations, process
/// ids, addresses, the temporary folder). A change to the demo or to the reports that makes
/// the sample stale fails here; refresh the sample from the output this test shows.
@Suite("README: the demo's sample output")
struct ReadmeDemoTests {
    /// The command whose output the README shows, as the README writes it.
    static let command = "swift run --traits TraceResources rxtrace demo"

    @Test(
        "the README's demo sample is what rxtrace demo prints",
        .enabled(if: Resources.isEnabled, "the demo needs counting: swift test --traits TraceResources")
    )
    func readmeSampleMatchesARealRun() async throws {
        let readme = try RepositoryFiles.text("README.md")
        let sample = try #require(Self.sample(in: readme), "README.md has no ```text block after `\(Self.command)`")
        let run = try await BuiltProgram.named("rxtrace").run(["demo"])
        #expect(run.status == 0, "\(run.error)")
        let output = run.output.split(separator: "\n", omittingEmptySubsequences: false).map { Self.normalized(String($0)) }
        if let mismatch = Self.firstMismatch(sample: sample.map(Self.normalized), output: output) {
            Issue.record("README.md's demo sample is stale: \(mismatch)\n--- the demo printed:\n\(run.output)")
        }
    }

    @Test("the comparison: segments between ... lines in order, contiguous; what varies normalized")
    func comparison() {
        let output = ["a", "  took 12.5 ms,   pid 4411", "b", "c", "d", "at /tmp/rxtrace-demo-Ab12x9/leaking.rxtrace"]
        let normalizedOutput = output.map(Self.normalized)
        #expect(Self.firstMismatch(sample: ["took 3 ms, pid 1", "b", "...", "d"].map(Self.normalized), output: normalizedOutput) == nil)
        #expect(
            Self.firstMismatch(
                sample: ["a", "...", "at /tmp/rxtrace-demo-XXXXXX/leaking.rxtrace"].map(Self.normalized), output: normalizedOutput) == nil)
        // Lines of one segment must follow each other; segments must come in order.
        #expect(Self.firstMismatch(sample: ["a", "b"], output: normalizedOutput) != nil)
        #expect(Self.firstMismatch(sample: ["c", "...", "b"], output: normalizedOutput) != nil)
        #expect(Self.firstMismatch(sample: ["took 3 ms, pid 1", "c"].map(Self.normalized), output: normalizedOutput) != nil)
    }

    /// The lines of the first ```text block after the line that runs ``command``.
    static func sample(in readme: String) -> [String]? {
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let commandLine = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == command }),
            let open = lines[commandLine...].firstIndex(of: "```text"),
            let close = lines[(open + 1)...].firstIndex(of: "```")
        else { return nil }
        return Array(lines[(open + 1)..<close])
    }

    /// `line` with what differs between runs replaced: durations, process ids, addresses and
    /// the demo's temporary folder; runs of spaces made one, and the ends trimmed.
    static func normalized(_ line: String) -> String {
        var text = line
        func replace(_ pattern: String, with replacement: String) {
            text = text.replacingOccurrences(of: pattern, with: replacement, options: .regularExpression)
        }
        replace(#"/\S*rxtrace-demo-[A-Za-z0-9]+"#, with: "<folder>")
        replace(#"\b[0-9]+(\.[0-9]+)? ?(ns|µs|us|ms|s|min|h)\b"#, with: "<time>")
        replace("pid [0-9]+", with: "pid <pid>")
        replace("0x[0-9a-fA-F]+", with: "<address>")
        // Columns are as wide as their widest entry, a duration among them: spacing varies.
        replace(#"\s+"#, with: " ")
        return text.trimmingCharacters(in: .whitespaces)
    }

    /// Where `sample` stops matching `output`, or `nil` when it matches: the sample's lines
    /// between `...` lines form segments that appear in `output` in order, each as lines that
    /// follow each other.
    static func firstMismatch(sample: [String], output: [String]) -> String? {
        var segments: [[String]] = [[]]
        for line in sample {
            if line.trimmingCharacters(in: .whitespaces) == "..." {
                segments.append([])
            } else {
                segments[segments.count - 1].append(line)
            }
        }
        var cursor = 0
        for segment in segments where !segment.isEmpty {
            let found = (cursor..<max(cursor, output.count - segment.count + 1)).first { start in
                Array(output[start..<(start + segment.count)]) == segment
            }
            guard let found else {
                let first = segment[0]
                let near = output[cursor...].firstIndex(of: first).map {
                    "its first line is at output line \($0 + 1), but the lines after it differ"
                }
                return
                    "no run of lines matches the segment starting \"\(first)\" (\(near ?? "its first line is nowhere after the previous segment"))"
            }
            cursor = found + segment.count
        }
        return nil
    }
}
