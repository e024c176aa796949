import Foundation
import RxCore
import TestSupport
import Testing

/// The rough edges a first-time user met (issue 19): help that works, colour that keeps the
/// tables aligned, no check that passes on a trace without counts, no `-1` shown, documented
/// exit statuses, a diff that can fail, a demo that cleans up.
@Suite("rxtrace without rough edges")
struct CLIRoughEdgeTests {
    private static func rxtrace() throws -> BuiltProgram { try BuiltProgram.named("rxtrace") }

    @Test("record --help and -h show record's help; record alone is a usage error whose hint works")
    func recordHelp() async throws {
        for option in ["--help", "-h"] {
            let result = try await Self.rxtrace().run(["record", option])
            #expect(result.status == 0, "\(option): \(result.error)")
            #expect(result.output.contains("USAGE: rxtrace record"), "\(option)")
            #expect(result.output.contains("EXIT STATUS"), "\(option)")
            #expect(!result.error.contains("not found"), "\(option): \(result.error)")
        }
        let bare = try await Self.rxtrace().run(["record"])
        #expect(bare.status == 64)
        #expect(bare.error.contains("no command to run"))
        #expect(!bare.error.contains("not found"))
        // After --, the words are the program's: --help is a command to run.
        let passed = try await Self.rxtrace().run(["record", "--", "--help"])
        #expect(passed.status != 0)
        #expect(!passed.output.contains("USAGE: rxtrace record"))
    }

    @Test("with colour, every table's columns line up by visible characters")
    func colourAlignment() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let trace = folder.file("overlapping.rxtrace")
        try SampleTraces.writeOverlapping(to: trace)
        let coloured = try await Self.rxtrace().run(
            ["report", trace], environment: ["CLICOLOR_FORCE": "1", "NO_COLOR": "", "TERM": "xterm"])
        #expect(coloured.output.contains("\u{1B}[33m"), "no colour: \(coloured.output)")
        let plain = try await Self.rxtrace().run(["report", trace], environment: ["NO_COLOR": "1"])
        #expect(!plain.output.contains("\u{1B}["))
        // Without the escapes, the coloured report is the plain one, column for column.
        let stripped = coloured.output.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
        #expect(stripped == plain.output)
        // And in the Probes table, the right-aligned last column ends at one column.
        let lines = plain.output.split(separator: "\n", omittingEmptySubsequences: false)
        let start = try #require(lines.firstIndex { $0 == "Probes" })
        let table = lines[(start + 1)...].prefix { $0.hasPrefix("  ") && !$0.hasPrefix("  Probe counts") }
        #expect(table.count == 3)
        #expect(Set(table.map(\.count)).count == 1, "\(table)")
    }

    @Test("check on a trace from a program without the trait exits 2 with the reason; no -1 is shown")
    func uncountedTrace() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let trace = folder.file("uncounted.rxtrace")
        try LeakTraces.writeUncounted(to: trace)
        let check = try await Self.rxtrace().run(["check", trace])
        #expect(check.status == 2)
        #expect(check.error.contains("built without the TraceResources trait"), "\(check.error)")
        for format in ["json", "github", "junit", "sarif"] {
            #expect(try await Self.rxtrace().run(["check", trace, "--format", format]).status == 2, "\(format)")
        }

        let text = try await Self.rxtrace().run(["report", trace])
        #expect(text.status == 0)
        // (The scratch folder's name is a UUID, which may hold "-1" itself.)
        #expect(!text.output.replacingOccurrences(of: folder.path, with: "").contains("-1"), "\(text.output)")
        #expect(text.output.contains("not counted"))
        #expect(text.output.contains("without the TraceResources trait"))

        let json = try await Self.rxtrace().run(["report", trace, "--format", "json"])
        let root = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        let marks = try #require(root["marks"] as? [[String: Any]])
        #expect(marks.count == 5)
        #expect(marks.allSatisfy { $0["resourcesTotal"] is NSNull && $0["counted"] as? Bool == false })
        let leak = try #require(root["leak"] as? [String: Any])
        #expect(leak["totals"] as? [Int] == [])

        let html = try await Self.rxtrace().run(["report", trace, "--format", "html"])
        #expect(html.output.contains("carry no resource counts"))
        #expect(!html.output.contains(": -1<"))
    }

    @Test("every command's help has an EXIT STATUS section naming 64 for usage errors, and so do the docs")
    func exitStatusDocumented() async throws {
        for command in ["record", "report", "check", "diff", "export", "demo"] {
            let help = try await Self.rxtrace().run(["help", command])
            #expect(help.output.contains("EXIT STATUS"), "\(command)")
            #expect(help.output.contains("64"), "\(command)")
        }
        #expect(try await Self.rxtrace().run(["help", "report"]).output.contains("3    a partial report"))
        let usage = try await Self.rxtrace().run(["check", "--no-such-option", "x"])
        #expect(usage.status == 64)
        let docs = try RepositoryFiles.text("docs/cli.md")
        #expect(docs.contains("## Exit status"))
        #expect(docs.contains("| 64 |"))
    }

    @Test("diff --fail-on-growth n exits 1 when the total grew by more than n")
    func diffFailOnGrowth() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let clean = folder.file("clean.rxtrace")
        let leaking = folder.file("leaking.rxtrace")
        try LeakTraces.writeClean(to: clean)
        try LeakTraces.writeLeaking(to: leaking)
        #expect(try await Self.rxtrace().run(["diff", clean, leaking]).status == 0)
        let failed = try await Self.rxtrace().run(["diff", clean, leaking, "--fail-on-growth", "0"])
        #expect(failed.status == 1)
        #expect(failed.error.contains("grew by 8"))
        #expect(try await Self.rxtrace().run(["diff", clean, leaking, "--fail-on-growth", "8"]).status == 0)
        #expect(try await Self.rxtrace().run(["diff", leaking, clean, "--fail-on-growth", "0"]).status == 0)
        #expect(try await Self.rxtrace().run(["diff", clean, leaking, "--fail-on-growth", "-1"]).status == 64)
        let uncounted = folder.file("uncounted.rxtrace")
        try LeakTraces.writeUncounted(to: uncounted)
        let notCounted = try await Self.rxtrace().run(["diff", uncounted, uncounted])
        #expect(notCounted.status == 0)
        #expect(notCounted.output.contains("not counted"))
        #expect(!notCounted.output.replacingOccurrences(of: folder.path, with: "").contains("-1"))
        #expect(try await Self.rxtrace().run(["diff", uncounted, uncounted, "--fail-on-growth", "0"]).status == 2)
        let missing = try await Self.rxtrace().run(["diff", clean, leaking, "--mark", "nope"])
        #expect(missing.status == 2)
        #expect(missing.error.contains("its marks: \"warm-up\", \"repetition 1\""), "\(missing.error)")
    }

    @Test("demo leaves no temporary folder behind; --keep keeps it and says where")
    func demoCleansUp() async throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let environment = ["TMPDIR": temporary.path + "/"]
        let result = try await Self.rxtrace().run(["demo"], environment: environment)
        guard Resources.isEnabled else {
            #expect(result.status == 1)
            #expect(try temporary.contents().isEmpty)
            return
        }
        #expect(result.status == 0, "\(result.error)")
        #expect(try temporary.contents().isEmpty, "\((try? temporary.contents()) ?? [])")
        #expect(result.output.contains("--keep"))
        let kept = try await Self.rxtrace().run(["demo", "--keep"], environment: environment)
        #expect(kept.status == 0)
        let folders = try temporary.contents()
        #expect(folders.count == 1)
        let folder = temporary.path + "/" + (folders.first ?? "")
        #expect(kept.output.contains("The traces are in \(folder)"))
        #expect((try? FileManager.default.contentsOfDirectory(atPath: folder).sorted()) == ["clean.rxtrace", "leaking.rxtrace"])
    }
}
