import Foundation
import TestSupport
import Testing

/// File names are bytes. `CommandLine.arguments` and `ProcessInfo.environment` decode them
/// with U+FFFD in place of bytes that are not UTF-8, so a name such as `\xff.txt` must be
/// refused, never turned into `\u{FFFD}.txt`, another file that may exist (issue 29, item 1).
@Suite("file names that are not UTF-8: refused, never replaced by another name")
struct FileNameBytesTests {
    private static func rxtrace() throws -> String { try BuiltProgram.named("rxtrace").path }
    private static func host() throws -> String { try BuiltProgram.named("TracedHost").path }
    private static let lookalike = "\u{FFFD}"
    private static let reason =
        "is not valid UTF-8: rxtrace takes UTF-8 names only and never uses another name in its place (rename the file, or link to it under a UTF-8 name)"

    private static func text(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }

    @Test("an output name that is not UTF-8 is refused, and the file its decoded name names is kept")
    func outputName() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try SampleTraces.writeOverlapping(to: folder.file("t.rxtrace"))
        try Data("precious\n".utf8).write(to: URL(fileURLWithPath: folder.file(Self.lookalike + ".txt")))
        let names = ShellRun.bytes(["t.rxtrace", Self.lookalike + ".txt"])

        let report = try await ShellRun.run(#"exec "$0" report t.rxtrace -o "$(printf '\377.txt')""#, [Self.rxtrace()], in: folder.path)
        #expect(report.status == 2)
        #expect(report.error == "rxtrace: argument 4, \"\\xff.txt\", \(Self.reason)\n")
        #expect(Self.text(folder.file(Self.lookalike + ".txt")) == "precious\n")
        #expect(ShellRun.names(in: folder.path) == names)

        let record = try await ShellRun.run(
            #"exec "$0" record -o "$(printf '\377.txt')" -- /bin/sh -c 'echo ran'"#, [Self.rxtrace()], in: folder.path)
        #expect(record.status == 2)
        #expect(record.output.isEmpty, "the program must not run")
        #expect(record.error.contains("argument 3, \"\\xff.txt\", is not valid UTF-8"))
        #expect(ShellRun.names(in: folder.path) == names)
    }

    @Test("an input name that is not UTF-8 is named as such, not 'no such file'")
    func inputName() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try SampleTraces.writeOverlapping(to: folder.file("t.rxtrace"))
        let copy = try await ShellRun.run(#"cp t.rxtrace "$(printf '\377').rxtrace""#, [], in: folder.path)
        #expect(copy.status == 0)
        for command in ["report", "check", "export -f jsonl"] {
            let result = try await ShellRun.run(#"exec "$0" $1 "$(printf '\377').rxtrace""#, [Self.rxtrace(), command], in: folder.path)
            #expect(result.status == 2, "\(command)")
            #expect(result.error.contains("\"\\xff.rxtrace\", is not valid UTF-8"), "\(command): \(result.error)")
            #expect(!result.error.contains("no such file"), "\(command)")
        }
        let baseline = try await ShellRun.run(
            #"exec "$0" check t.rxtrace --baseline "$(printf '\377')""#, [Self.rxtrace()], in: folder.path)
        #expect(baseline.status == 2)
        #expect(baseline.error.contains("argument 4, \"\\xff\", is not valid UTF-8"))
    }

    @Test("a link to a name that is not UTF-8 is refused at an output path, not followed to its U+FFFD spelling")
    func linkToSuchAName() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try SampleTraces.writeOverlapping(to: folder.file("t.rxtrace"))
        let made = try await ShellRun.run(#"echo old > "$(printf '\377').txt"; ln -s "$(printf '\377').txt" out.link"#, [], in: folder.path)
        #expect(made.status == 0)
        let before = ShellRun.names(in: folder.path)
        let report = try await BuiltProgram.named("rxtrace").run(["report", folder.file("t.rxtrace"), "-o", folder.file("out.link")])
        #expect(report.status == 2)
        #expect(
            report.error == "rxtrace: cannot write \(folder.file("out.link")): it is a symbolic link to a name that is not valid UTF-8\n")
        #expect(ShellRun.names(in: folder.path) == before)
        #expect(SpecialFiles.kind(folder.file("out.link")) == S_IFLNK)
    }

    @Test("record with a relative output path in a folder whose name is not UTF-8 is refused before the program runs")
    func recordInSuchAFolder() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let result = try await ShellRun.run(
            #"mkdir "$(printf '\377')" && cd "$(printf '\377')" && exec "$0" record -- /bin/sh -c 'echo ran'"#, [Self.rxtrace()],
            in: folder.path)
        #expect(result.status == 2)
        #expect(result.output.isEmpty, "the program must not run")
        #expect(
            result.error
                == "rxtrace: the current folder's path is not valid UTF-8 (give an absolute path, or run from another folder)\n")
        #expect(ShellRun.names(in: folder.path) == [[0xFF]])
    }

    @Test("RXTRACE or --rxtrace= that is not UTF-8: the program runs untraced, says why, and writes no file")
    func environmentName() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let result = try await ShellRun.run(
            #"RXTRACE="$(printf '\377').rxtrace" exec "$0" --iterations 1"#, [Self.host()], in: folder.path)
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.contains("done: 1 iterations"))
        #expect(
            result.error.contains(
                "rxtrace: tracing not started: RXTRACE=\"\\xff.rxtrace\" is not valid UTF-8; a trace is never written under another name"),
            "\(result.error)")
        #expect(ShellRun.names(in: folder.path).isEmpty)

        let flag = try await ShellRun.run(#"exec "$0" --iterations 1 --rxtrace="$(printf '\377').rxtrace""#, [Self.host()], in: folder.path)
        #expect(flag.status == 0, "\(flag.error)")
        #expect(
            flag.error.contains(
                "rxtrace: tracing not started: --rxtrace=\"\\xff.rxtrace\" is not valid UTF-8; a trace is never written under another name"),
            "\(flag.error)")
        #expect(ShellRun.names(in: folder.path).isEmpty)
    }
}
