import Foundation
import RxCore
import TestSupport
import Testing

/// `rxtrace demo`, the first command a newcomer types.
@Suite("rxtrace demo")
struct DemoTests {
    @Test("with counting on: a clean and a leaking trace, reported, with the leak's types")
    func demo() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let result = try await BuiltProgram.named("rxtrace").run(["demo", "--output", folder.path])
        guard Resources.isEnabled else {
            #expect(result.status == 1)
            #expect(result.output.contains("swift run --traits TraceResources rxtrace demo"))
            return
        }
        #expect(result.status == 0)
        #expect(try folder.contents() == ["clean.rxtrace", "leaking.rxtrace"])
        let sections = result.output.components(separatedBy: "== leaking:")
        #expect(sections.count == 2)
        #expect(sections[0].contains("Leak verdict: clean"))
        #expect(sections[1].contains("Leak verdict: LEAKING"))
        #expect(sections[1].contains("Still open when the trace was written (8): leak suspects"))
        #expect(sections[1].contains("+1 each rise, rose in "))
        #expect(sections[1].contains("  PublishSubject<String>  ("))
        #expect(result.output.contains("rxtrace check \(folder.path)/leaking.rxtrace"))
        let check = try await BuiltProgram.named("rxtrace").run(["check", folder.file("leaking.rxtrace")])
        #expect(check.status == 1)
        // A real traced program: its trace carries each site's subscription, so the retain cycle
        // is one finding at the capturing `subscribe`, whatever else the screen made.
        let line = "RxTraceDemo/SearchScreen.swift:26"
        #expect(sections[1].contains("1 distinct leak"), "\(sections[1])")
        #expect(sections[1].contains("Likely cause: the subscription at \(line)"), "\(sections[1])")
        let json = try await BuiltProgram.named("rxtrace").run(["check", folder.file("leaking.rxtrace"), "--format", "json"])
        let root = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        let findings = try #require(root["findings"] as? [[String: Any]])
        #expect(findings.count == 1, "\(json.output)")
        #expect(findings.first?["line"] as? Int == 26, "\(json.output)")
    }
}
