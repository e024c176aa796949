import Foundation
import TestSupport
import Testing

/// `/dev/stdout`, `/dev/fd/N` and `/proc/self/fd/N` name an open descriptor: with standard
/// output redirected to a file, following the link and renaming over that file would send
/// all the program printed afterwards to an unlinked file (issue 29, item 2). They are
/// written through the descriptor, after what is already there.
@Suite("an open descriptor as the output path: written through, never renamed over")
struct StandardStreamOutputTests {
    private static func rxtrace() throws -> String { try BuiltProgram.named("rxtrace").path }
    private static func host() throws -> String { try BuiltProgram.named("TracedHost").path }

    private static func contents(_ path: String) -> [UInt8] {
        FileManager.default.contents(atPath: path).map { Array($0) } ?? []
    }

    /// Whether `bytes` hold `part` anywhere.
    private static func holds(_ bytes: [UInt8], _ part: [UInt8]) -> Bool {
        guard bytes.count >= part.count else { return false }
        return (0...(bytes.count - part.count)).contains { bytes[$0..<($0 + part.count)].elementsEqual(part) }
    }

    @Test(
        "RXTRACE naming standard output, redirected to a file: the program's output and the trace both land in it",
        arguments: ["/dev/stdout", "/dev/fd/1", "/proc/self/fd/1"])
    func tracedProgram(spelling: String) async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let result = try await ShellRun.run(
            #"echo first > out.txt; RXTRACE="$1" exec "$0" --iterations 1 >> out.txt"#, [Self.host(), spelling], in: folder.path)
        #expect(result.status == 0, "\(result.error)")
        #expect(!result.error.contains("not written"), "\(result.error)")
        let written = Self.contents(folder.file("out.txt"))
        #expect(written.starts(with: Array("first\n".utf8)), "what the shell wrote before is kept")
        #expect(Self.holds(written, Array("done: 1 iterations".utf8)), "what the program printed is kept")
        #expect(Self.holds(written, SpecialFiles.traceSignature), "the trace went through the descriptor")
        #expect(try folder.contents() == ["out.txt"])
    }

    @Test("record -o /dev/stdout, redirected to a file: the trace goes through it, and record exits 0 without 'wrote no trace'")
    func record() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let result = try await ShellRun.run(
            #"exec "$0" record -o /dev/stdout -- "$1" --iterations 1 > out.txt"#, [Self.rxtrace(), Self.host()], in: folder.path)
        #expect(result.status == 0, "\(result.error)")
        #expect(!result.error.contains("wrote no trace"), "\(result.error)")
        let written = Self.contents(folder.file("out.txt"))
        #expect(Self.holds(written, Array("done: 1 iterations".utf8)))
        #expect(Self.holds(written, SpecialFiles.traceSignature))
        #expect(try folder.contents() == ["out.txt"])
    }

    @Test("report -o /dev/stdout appends after what the shell already wrote to the file")
    func report() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try SampleTraces.writeOverlapping(to: folder.file("t.rxtrace"))
        let result = try await ShellRun.run(
            #"{ echo first; "$0" report t.rxtrace -o /dev/stdout; echo last; } > out.txt"#, [Self.rxtrace()], in: folder.path)
        #expect(result.status == 0, "\(result.error)")
        let written = String(decoding: Self.contents(folder.file("out.txt")), as: UTF8.self)
        #expect(written.hasPrefix("first\n"))
        #expect(written.hasSuffix("last\n"))
        #expect(written.contains("t.rxtrace"), "the report is between them")
        #expect(try folder.contents() == ["out.txt", "t.rxtrace"])
    }
}
