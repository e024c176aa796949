import Foundation
import TestSupport
import Testing

/// A symbolic link at the output path stays a link, also when it dangles (the file it names
/// is created) or loops (refused with one line), for the commands and for the traced
/// program's own dump (issue 29, item 3).
@Suite("symbolic links at the output path: followed or refused, never replaced")
struct OutputLinkTests {
    private static func rxtrace() throws -> BuiltProgram { try BuiltProgram.named("rxtrace") }
    private static func host() throws -> BuiltProgram { try BuiltProgram.named("TracedHost") }

    private static func text(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }

    @Test("a dangling link: the file it names is created, and the link stays")
    func danglingLink() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let trace = folder.file("t.rxtrace")
        try SampleTraces.writeOverlapping(to: trace)
        try FileManager.default.createDirectory(atPath: folder.file("real"), withIntermediateDirectories: false)

        #expect(symlink("real/report.txt", folder.file("report.link")) == 0)
        let report = try await Self.rxtrace().run(["report", trace, "-o", folder.file("report.link")])
        #expect(report.status == 0, "\(report.error)")
        #expect(SpecialFiles.kind(folder.file("report.link")) == S_IFLNK)
        #expect(Self.text(folder.file("real/report.txt"))?.contains("t.rxtrace") == true)

        #expect(symlink(folder.file("real/run.rxtrace"), folder.file("run.link")) == 0)
        let record = try await Self.rxtrace().run([
            "record", "-o", folder.file("run.link"), "--", try Self.host().path, "--iterations", "1",
        ])
        #expect(record.status == 0, "\(record.error)")
        #expect(SpecialFiles.kind(folder.file("run.link")) == S_IFLNK)
        #expect(SpecialFiles.isTrace(folder.file("real/run.rxtrace")))

        #expect(symlink("real/host.rxtrace", folder.file("host.link")) == 0)
        let host = try await Self.host().run(["--iterations", "1"], environment: ["RXTRACE": folder.file("host.link")])
        #expect(host.status == 0, "\(host.error)")
        #expect(SpecialFiles.kind(folder.file("host.link")) == S_IFLNK)
        #expect(SpecialFiles.isTrace(folder.file("real/host.rxtrace")))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.file("real")).sorted() == [
                "host.rxtrace", "report.txt", "run.rxtrace",
            ])
    }

    @Test("a link loop is refused with one line, nothing runs, and both links stay")
    func linkLoop() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let trace = folder.file("t.rxtrace")
        try SampleTraces.writeOverlapping(to: trace)
        let first = folder.file("a")
        let second = folder.file("b")
        #expect(symlink(second, first) == 0)
        #expect(symlink(first, second) == 0)
        let reason = "it is a symbolic link that loops (or nests too deep)"

        let report = try await Self.rxtrace().run(["report", trace, "-o", first])
        #expect(report.status == 2)
        #expect(report.error == "rxtrace: cannot write \(first): \(reason)\n")

        let record = try await Self.rxtrace().run(["record", "-o", first, "--", "/bin/sh", "-c", "echo ran"])
        #expect(record.status == 2)
        #expect(record.output.isEmpty, "the program must not run")
        #expect(record.error == "rxtrace: cannot write \(first): \(reason)\n")

        let host = try await Self.host().run(["--iterations", "1"], environment: ["RXTRACE": first])
        #expect(host.status == 0, "a dump that cannot be written never stops the program")
        #expect(host.error.contains(reason), "\(host.error)")

        #expect(SpecialFiles.kind(first) == S_IFLNK)
        #expect(SpecialFiles.kind(second) == S_IFLNK)
        #expect(try folder.contents() == ["a", "b", "t.rxtrace"])
    }
}
