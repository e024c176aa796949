import Foundation
import TestSupport
import Testing

/// `rxtrace report` and `rxtrace check` on the trace of an owner with three innocent bindings
/// and one capturing `subscribe(onNext:)`: one finding, at the capturing line, in every format
/// and in the baseline.
@Suite("rxtrace check: one finding per retained subscription")
struct CheckSubscriptionFindingTests {
    private static func rxtrace() throws -> BuiltProgram { try BuiltProgram.named("rxtrace") }

    private static func trace(in folder: TemporaryDirectory, subscriptions: Bool = true) throws -> String {
        let path = folder.file(subscriptions ? "owner.rxtrace" : "owner-old.rxtrace")
        try OwnerLeakTrace.write(to: path, subscriptions: subscriptions)
        return path
    }

    @Test("text and report: one distinct leak, the likely cause at the capturing line")
    func text() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let trace = try Self.trace(in: folder)
        let checked = try await Self.rxtrace().run(["check", trace])
        #expect(checked.status == 1, "\(checked.error)")
        #expect(checked.error.contains("1 distinct leak"), "\(checked.error)")
        #expect(checked.error.contains("Likely cause: the subscription at \(OwnerLeakTrace.capturingFrame)"), "\(checked.error)")
        let report = try await Self.rxtrace().run(["report", trace])
        #expect(report.output.contains("1 distinct leak"), "\(report.output)")
        #expect(report.output.contains("kept alive with it"), "\(report.output)")
    }

    @Test("github, junit, sarif and json: exactly one finding, at the capturing line")
    func formats() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let trace = try Self.trace(in: folder)
        let github = try await Self.rxtrace().run(["check", trace, "--format", "github"])
        let errors = github.output.split(separator: "\n").filter { $0.hasPrefix("::error") }
        #expect(errors.count == 1, "\(github.output)")
        #expect(errors.first?.contains("line=31") == true, "\(github.output)")

        let junit = try await Self.rxtrace().run(["check", trace, "--format", "junit"])
        #expect(junit.output.components(separatedBy: "<testcase").count - 1 == 1, "\(junit.output)")
        #expect(junit.output.contains("line=\"31\""), "\(junit.output)")

        let sarif = try await Self.rxtrace().run(["check", trace, "--format", "sarif"])
        let log = try #require(try JSONSerialization.jsonObject(with: Data(sarif.output.utf8)) as? [String: Any])
        let runs = try #require(log["runs"] as? [[String: Any]])
        let results = try #require(runs.first?["results"] as? [[String: Any]])
        #expect(results.count == 1, "\(sarif.output)")
        let location = (results.first?["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]
        #expect((location?["region"] as? [String: Any])?["startLine"] as? Int == 31, "\(sarif.output)")

        let json = try await Self.rxtrace().run(["check", trace, "--format", "json"])
        let root = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        let findings = try #require(root["findings"] as? [[String: Any]])
        #expect(findings.count == 1, "\(json.output)")
        #expect(findings.first?["line"] as? Int == 31)
        #expect(findings.first?["fingerprint"] as? String == "00005eed00000031")
    }

    @Test("the baseline has one entry, the capturing line's, and it accepts the leak")
    func baseline() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let trace = try Self.trace(in: folder)
        let baseline = folder.file("baseline.txt")
        let written = try await Self.rxtrace().run(["check", trace, "--write-baseline", baseline])
        #expect(written.status == 0, "\(written.error)")
        let entries = try String(contentsOfFile: baseline, encoding: .utf8)
            .split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.isEmpty }
        #expect(entries == ["00005eed00000031  \(OwnerLeakTrace.capturingFrame)"], "\(entries)")
        let accepted = try await Self.rxtrace().run(["check", trace, "--baseline", baseline])
        #expect(accepted.status == 0, "\(accepted.error)")
    }

    @Test("a trace without the site subscriptions section is still read, one finding per site")
    func olderTrace() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let trace = try Self.trace(in: folder, subscriptions: false)
        let json = try await Self.rxtrace().run(["check", trace, "--format", "json"])
        #expect(json.status == 1, "\(json.error)")
        let root = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        let findings = try #require(root["findings"] as? [[String: Any]])
        #expect(findings.count == 5, "\(json.output)")
    }
}
