import Foundation
import TestSupport
import Testing

/// What `rxtrace record` says about a command it cannot run, a misspelt option, and a trace the
/// program could not send into a FIFO.
@Suite("record's messages")
struct RecordMessagesTests {
    private static func rxtrace() throws -> BuiltProgram { try BuiltProgram.named("rxtrace") }

    @Test("record -- '' and record -- FOLDER say what is wrong with the command itself")
    func emptyCommandAndFolder() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let empty = try await Self.rxtrace().run(["record", "-o", folder.file("e.rxtrace"), "--", ""])
        #expect(empty.status == 2)
        #expect(empty.error == "rxtrace: the command to run is empty: give a program after --, as in: rxtrace record -- ./MyApp\n")
        let directory = folder.file("programs")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        let named = try await Self.rxtrace().run(["record", "-o", folder.file("f.rxtrace"), "--", directory])
        #expect(named.status == 2)
        #expect(named.error == "rxtrace: \(directory): a folder, not a program\n")
        // A folder in PATH with the command's name is skipped, as a shell skips it.
        let inPath = try await Self.rxtrace().run(
            ["record", "-o", folder.file("g.rxtrace"), "--", "programs"], environment: ["PATH": folder.path])
        #expect(inPath.status == 2)
        #expect(inPath.error == "rxtrace: programs: command not found in PATH\n")
        #expect(try folder.contents() == ["programs"])
    }

    @Test("record --bogus is a usage error (64) naming the option, not a command not found")
    func unknownOption() async throws {
        let result = try await Self.rxtrace().run(["record", "--bogus", "--", "/bin/true"])
        #expect(result.status == 64)
        #expect(result.error.contains("unknown option '--bogus'"))
        #expect(!result.error.contains("not found"))
    }

    @Test("record into a FIFO nobody reads: the program's failed dump makes record fail")
    func failedDumpIntoFIFO() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let fifo = folder.file("nobody.fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        let host = try BuiltProgram.named("TracedHost")
        let result = try await Self.rxtrace().run(["record", "-o", fifo, "--", host.path, "--iterations", "1"])
        #expect(result.status == 2)
        #expect(result.output == "done: 1 iterations\n")
        #expect(
            result.error == """
                rxtrace: trace not written: cannot write the trace file \(fifo): no process is reading the FIFO
                rxtrace: \(host.path) could not write its trace to \(fifo) (see its message above)

                """)
        #expect(try folder.contents() == ["nobody.fifo"])
    }
}
