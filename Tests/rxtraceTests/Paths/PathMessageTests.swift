import Foundation
import RxCore
import TestSupport
import Testing

/// One clear line for paths rxtrace cannot use (issue 29, "Messages"): what is there and what
/// to do, not a system error out of context.
@Suite("paths that cannot be used: one line that says why")
struct PathMessageTests {
    private static func rxtrace() throws -> BuiltProgram { try BuiltProgram.named("rxtrace") }

    @Test("a FIFO given as a trace is named as one, not 'Illegal seek'")
    func fifoInput() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let fifo = folder.file("t.fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        for command in [["report"], ["check"], ["export", "-f", "jsonl"], ["diff", fifo]] {
            let result = try await Self.rxtrace().run([command[0], fifo] + command.dropFirst())
            #expect(result.status == 2, "\(command)")
            #expect(
                result.error == "rxtrace: \(fifo) is a FIFO or a pipe; rxtrace reads files at any offset, so save it to a file first\n",
                "\(command)")
        }
    }

    @Test("check --baseline a device is named as one, not 'no such file'")
    func deviceBaseline() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let trace = folder.file("t.rxtrace")
        try SampleTraces.writeOverlapping(to: trace)
        let result = try await Self.rxtrace().run(["check", trace, "--baseline", "/dev/zero"])
        #expect(result.status == 2)
        #expect(result.error == "rxtrace: the baseline /dev/zero is a device, not a file\n")
        let missing = try await Self.rxtrace().run(["check", trace, "--baseline", folder.file("none.json")])
        #expect(missing.status == 2)
        #expect(missing.error == "rxtrace: the baseline \(folder.file("none.json")): no such file\n")
    }

    @Test("a closed standard output is one line, not a Foundation error number")
    func closedStandardOutput() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try SampleTraces.writeOverlapping(to: folder.file("t.rxtrace"))
        for command in ["report t.rxtrace", "export -f jsonl t.rxtrace"] {
            let result = try await ShellRun.run(#"exec "$0" $1 >&-"#, [Self.rxtrace().path, command], in: folder.path)
            #expect(result.status == 2, "\(command)")
            #expect(result.error == "rxtrace: cannot write standard output: it is closed\n", "\(command)")
        }
    }

    @Test("record -o '' is refused like every other command's empty path, before the program runs")
    func emptyRecordOutput() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let result = try await Self.rxtrace().run(["record", "-o", "", "--", "/bin/sh", "-c", "echo ran"], directory: folder.path)
        #expect(result.status == 2)
        #expect(result.output.isEmpty)
        #expect(result.error == "rxtrace: the output path is empty\n")
        #expect(try folder.contents().isEmpty)
    }

    @Test("demo -o: a file in the way is refused without suggesting a --force demo does not have")
    func demoRefusal() async throws {
        guard Resources.isEnabled else { return }
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let inTheWay = folder.file("clean.rxtrace")
        try Data("precious\n".utf8).write(to: URL(fileURLWithPath: inTheWay))
        let result = try await Self.rxtrace().run(["demo", "-o", folder.path])
        #expect(result.status == 2)
        #expect(result.error == "rxtrace: \(inTheWay) exists and is not a trace file; it is left as it is (choose another path)\n")
        #expect(FileManager.default.contents(atPath: inTheWay) == Data("precious\n".utf8))
    }
}
