import Foundation
import RxCore
import TestSupport
import Testing

/// `rxtrace report` in every format and `rxtrace check`, run as a user runs them.
@Suite("rxtrace report and check")
struct ReportCheckTests {
    private static func rxtrace() throws -> BuiltProgram { try BuiltProgram.named("rxtrace") }

    /// Records `TracedHost` into `folder/name`.
    private static func record(_ name: String, in folder: TemporaryDirectory, _ arguments: [String]) async throws -> String {
        let path = folder.file(name)
        let host = try BuiltProgram.named("TracedHost").path
        let result = try await rxtrace().run(["record", "--output", path, "--", host] + arguments)
        #expect(result.status == 0, "\(result.error)")
        return path
    }

    @Test("text: process, probe table, open subscriptions, marks and the verdict; no colour off a terminal")
    func textReport() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let trace = try await Self.record("leak.rxtrace", in: folder, ["--iterations", "3", "--leak"])
        let result = try await Self.rxtrace().run(["report", trace])
        #expect(result.status == 0)
        let text = result.output
        #expect(!text.contains("\u{1B}["))
        #expect(text.contains("process   TracedHost (pid "))
        #expect(text.contains("records   "))
        #expect(text.contains("Probes"))
        let leakedRow = try #require(text.split(separator: "\n").first { $0.hasPrefix("  leaked ") })
        #expect(leakedRow.split(separator: " ").suffix(6) == ["3", "0", "0", "0", "0", "3"])
        #expect(text.contains("Still open when the trace was written (3): leak suspects"))
        #expect(text.contains("iteration 3"))
        #expect(text.contains(Resources.isEnabled ? "Leak verdict: LEAKING" : "Leak verdict: inconclusive"))
    }

    @Test("json: the documented keys, with per-probe counts")
    func jsonReport() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let trace = try await Self.record("leak.rxtrace", in: folder, ["--iterations", "3", "--leak"])
        let result = try await Self.rxtrace().run(["report", trace, "--format", "json"])
        #expect(result.status == 0)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        for key in ["process", "probes", "marks", "leak", "openSubscriptions", "errors"] {
            #expect(root[key] != nil, "missing \(key)")
        }
        let probes = try #require(root["probes"] as? [[String: Any]])
        let query = try #require(probes.first { $0["identifier"] as? String == "query" })
        #expect(query["subscriptions"] as? Int == 3)
        #expect(query["next"] as? Int == 12)
        #expect(query["completed"] as? Int == 3)
        #expect(query["disposed"] as? Int == 3)
        #expect(query["open"] as? Int == 0)
        #expect(query["error"] as? Int == 0)
        #expect(query["file"] as? String == "TracedHost/main.swift")
        #expect(query["line"] is Int)
        let marks = try #require(root["marks"] as? [[String: Any]])
        #expect(marks.map { $0["label"] as? String } == ["iteration 1", "iteration 2", "iteration 3"])
        if Resources.isEnabled {
            #expect(marks.allSatisfy { $0["resourcesTotal"] is Int && $0["counted"] == nil && $0["types"] != nil })
        } else {
            // A program built without the trait counts nothing: null, never -1.
            #expect(marks.allSatisfy { $0["resourcesTotal"] is NSNull && $0["counted"] as? Bool == false && $0["types"] != nil })
        }
        let leak = try #require(root["leak"] as? [String: Any])
        #expect(leak["verdict"] as? String == (Resources.isEnabled ? "leaking" : "inconclusive"))
        #expect(leak["growthPerIteration"] is Int)
        #expect(leak["types"] is [Any])
        #expect(leak["sites"] is [Any])
        if Resources.isEnabled {
            #expect(leak["growthPerIteration"] as? Int == 2)  // DebugSink, AnonymousObserver
        }
    }

    @Test("marbles: each subscription of a probe as a marble line, scaled to the width")
    func marbles() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let trace = try await Self.record("run.rxtrace", in: folder, ["--iterations", "1"])
        let result = try await Self.rxtrace().run(["report", trace, "-f", "marbles", "--probe", "search service", "--width", "60"])
        #expect(result.status == 0)
        let lines = result.output.split(separator: "\n")
        #expect(lines.first?.hasPrefix("search service") == true)
        let marbleLines = lines.filter { $0.hasPrefix("#") }
        #expect(marbleLines.count == 3)
        #expect(marbleLines.allSatisfy { $0.hasSuffix("|") && $0.count <= 60 })
    }

    @Test("html: one self-contained page with timelines and the chart")
    func html() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let trace = try await Self.record("run.rxtrace", in: folder, ["--iterations", "3", "--leak"])
        let out = folder.file("report.html")
        let result = try await Self.rxtrace().run(["report", trace, "-f", "html", "-o", out])
        #expect(result.status == 0)
        let page = try String(contentsOfFile: out, encoding: .utf8)
        #expect(page.hasPrefix("<!DOCTYPE html>"))
        #expect(page.components(separatedBy: "class=\"timeline\"").count - 1 == 4)
        #expect(page.contains("class=\"resources\"") == Resources.isEnabled)
        #expect(!page.contains("<script"))
        #expect(!page.contains("src=\"http"))
    }

    @Test("report: bad input is one line and status 2")
    func reportBadInput() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let missing = try await Self.rxtrace().run(["report", folder.file("none.rxtrace")])
        #expect(missing.status == 2)
        #expect(missing.error == "rxtrace: \(folder.file("none.rxtrace")): no such file\n")
        let trace = try await Self.record("run.rxtrace", in: folder, ["--iterations", "1"])
        let unknown = try await Self.rxtrace().run(["report", trace, "--probe", "nope"])
        #expect(unknown.status == 2)
        #expect(unknown.error.contains("no probe named \"nope\"; its probes: \"query\", \"results\", \"search service\""))
        var data = try Data(contentsOf: URL(fileURLWithPath: trace))
        data[8] = 9  // the major version
        try data.write(to: URL(fileURLWithPath: folder.file("newer.rxtrace")))
        let newer = try await Self.rxtrace().run(["report", folder.file("newer.rxtrace")])
        #expect(newer.status == 2)
        #expect(newer.error.contains("version"))
        let unwritable = try await Self.rxtrace().run(["report", trace, "-o", folder.file("missing/dir/r.txt")])
        #expect(unwritable.status == 2)
        #expect(unwritable.error.hasPrefix("rxtrace: cannot write"))
    }

    @Test("report of a truncated trace shows what could be read, says it is partial and exits 3")
    func truncatedReport() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let trace = try await Self.record("run.rxtrace", in: folder, ["--iterations", "2"])
        let data = try Data(contentsOf: URL(fileURLWithPath: trace))
        let cut = folder.file("cut.rxtrace")
        try data.prefix(data.count - 40).write(to: URL(fileURLWithPath: cut))
        let result = try await Self.rxtrace().run(["report", cut])
        #expect(result.status == 3)
        #expect(result.error.contains("partial trace"))
        #expect(result.output.contains("partial"))
        #expect(result.output.contains("Probes"))
    }

    @Test("check: exit 1 with an explanation when leaking, 0 when clean, 2 when unusable")
    func check() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let leaking = try await Self.record("leak.rxtrace", in: folder, ["--iterations", "4", "--leak"])
        let clean = try await Self.record("clean.rxtrace", in: folder, ["--iterations", "4"])
        let leakResult = try await Self.rxtrace().run(["check", leaking])
        let cleanResult = try await Self.rxtrace().run(["check", clean])
        if Resources.isEnabled {
            #expect(leakResult.status == 1)
            #expect(leakResult.error.contains("leaking, +2 live resources each time it leaks"))
            #expect(leakResult.error.contains("debug ← AnonymousObserver"))
            let full = try await Self.rxtrace().run(["check", leaking, "--full-type-names"])
            #expect(full.error.contains("DebugSink<AnonymousObserver<"))
            let report = try await Self.rxtrace().run(["report", leaking, "--full-type-names"])
            #expect(report.output.contains("DebugSink<AnonymousObserver<"))
            #expect(cleanResult.status == 0)
            #expect(cleanResult.output.contains("clean"))
            let allowed = try await Self.rxtrace().run(["check", leaking, "--allow-growth", "3"])
            #expect(allowed.status == 0)
        } else {
            // Built without the trait: nothing was counted, so the check cannot be used.
            #expect(leakResult.status == 2)
            #expect(leakResult.error.contains("built without the TraceResources trait"))
            let strict = try await Self.rxtrace().run(["check", leaking, "--strict"])
            #expect(strict.status == 2)
        }
        let one = try await Self.record("one.rxtrace", in: folder, ["--iterations", "1"])
        let tooFew = try await Self.rxtrace().run(["check", one])
        #expect(tooFew.status == (Resources.isEnabled ? 0 : 2))
        #expect(tooFew.error.contains(Resources.isEnabled ? "inconclusive" : "TraceResources"))
        try Data("junk".utf8).write(to: URL(fileURLWithPath: folder.file("junk.rxtrace")))
        let junk = try await Self.rxtrace().run(["check", folder.file("junk.rxtrace")])
        #expect(junk.status == 2)
        let missing = try await Self.rxtrace().run(["check", folder.file("none.rxtrace")])
        #expect(missing.status == 2)
    }

    @Test(
        "check --baseline: accepted leaks pass, a new one fails naming its line; --write-baseline starts one",
        .enabled(if: Resources.isEnabled, "needs the TraceResources trait")
    )
    func checkWithABaseline() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = folder.file("sites.rxtrace")
        let host = try BuiltProgram.named("TracedHost").path
        let recorded = try await Self.rxtrace().run(["record", "--sites", "--output", path, "--", host, "--iterations", "4", "--leak"])
        #expect(recorded.status == 0, "\(recorded.error)")
        let baseline = folder.file("leaks.baseline")
        // The annotations of a real program name its file, as a path of this repository that
        // exists (run in the checkout, as a CI step is), and line.
        let annotations = try await Self.rxtrace().run(["check", path, "--format", "github"], directory: RepositoryFiles.root.path)
        #expect(annotations.status == 1)
        #expect(annotations.output.hasPrefix("::error file=Sources/TracedHost/main.swift,line="), "\(annotations.output)")
        let annotated = annotations.output.split(separator: "\n").compactMap(gitHubAnnotationFile)
        #expect(!annotated.isEmpty)
        for file in annotated {
            #expect(FileManager.default.fileExists(atPath: RepositoryFiles.url(String(file)).path), "\(file)")
        }
        let written = try await Self.rxtrace().run(["check", path, "--write-baseline", baseline])
        // Writing the baseline was the job: done, even though the trace leaks.
        #expect(written.status == 0)
        let text = try String(contentsOfFile: baseline, encoding: .utf8)
        #expect(text.contains("TracedHost/main.swift:"))
        let accepted = try await Self.rxtrace().run(["check", path, "--baseline", baseline])
        #expect(accepted.status == 0, "\(accepted.error)")
        #expect(accepted.output.contains("only at accepted sites"))
        let other = folder.file("other.baseline")
        try "# nothing accepted\n00000000000000ab  elsewhere\n".write(toFile: other, atomically: true, encoding: .utf8)
        let rejected = try await Self.rxtrace().run(["check", path, "--baseline", other])
        #expect(rejected.status == 1)
        #expect(rejected.error.contains("new leak: "))
        #expect(rejected.error.contains("TracedHost/main.swift:"))
        try "not a fingerprint\n".write(toFile: other, atomically: true, encoding: .utf8)
        let malformed = try await Self.rxtrace().run(["check", path, "--baseline", other])
        #expect(malformed.status == 2)
        #expect(malformed.error.contains("line 1"))
        let missing = try await Self.rxtrace().run(["check", path, "--baseline", folder.file("none")])
        #expect(missing.status == 2)
    }
}
