import Foundation
import TestSupport
import Testing

/// Every command that writes a path (`record -o`, `report -o`, `export -o`,
/// `check --write-baseline`, `demo -o`) follows one rule: nothing the user did not ask to
/// replace is removed or replaced; devices and FIFOs are written as they are.
@Suite("output paths: never lose what is there", .offPool)
struct OutputPathTests {
    private static func rxtrace() throws -> BuiltProgram { try BuiltProgram.named("rxtrace") }
    private static func host() throws -> BuiltProgram { try BuiltProgram.named("TracedHost") }

    private static func text(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }

    private static func write(_ text: String, to path: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    @Test("record -o FOLDER writes a new trace inside it and keeps everything in it")
    func recordIntoAFolder() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let target = folder.file("traces")
        try FileManager.default.createDirectory(atPath: target + "/sub", withIntermediateDirectories: true)
        try Self.write("precious\n", to: target + "/sub/keep.txt")

        let none = try await Self.rxtrace().run(["record", "-o", target, "--", "/bin/true"])
        #expect(none.status == 2, "a program that writes no trace is not a success")
        #expect(none.error.contains("wrote no trace"))
        #expect(Self.text(target + "/sub/keep.txt") == "precious\n")

        let traced = try await Self.rxtrace().run(["record", "-o", target, "--", try Self.host().path, "--iterations", "1"])
        #expect(traced.status == 0, "\(traced.error)")
        #expect(Self.text(target + "/sub/keep.txt") == "precious\n")
        #expect(SpecialFiles.isTrace(target + "/TracedHost.rxtrace"))
        #expect(traced.error.hasPrefix("rxtrace: trace written to \(target)/TracedHost.rxtrace ("))
        #expect((try? FileManager.default.contentsOfDirectory(atPath: target).sorted()) == ["TracedHost.rxtrace", "sub"])
    }

    @Test("record leaves a file that is not a trace alone, and does not run the program, unless --force")
    func recordKeepsOtherFiles() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let notes = folder.file("notes.txt")
        try Self.write("precious\n", to: notes)

        let refused = try await Self.rxtrace().run(["record", "-o", notes, "--", "/bin/sh", "-c", "echo ran"])
        #expect(refused.status == 2)
        #expect(refused.output.isEmpty)
        #expect(
            refused.error
                == "rxtrace: \(notes) exists and is not a trace file; it is left as it is (choose another path, or add --force to replace it)\n"
        )
        #expect(Self.text(notes) == "precious\n")

        let forced = try await Self.rxtrace().run(["record", "--force", "-o", notes, "--", try Self.host().path, "--iterations", "1"])
        #expect(forced.status == 0, "\(forced.error)")
        #expect(SpecialFiles.isTrace(notes))
        #expect(try folder.contents() == ["notes.txt"])
    }

    @Test("record replaces an existing trace only with a complete new one, and keeps it when none comes")
    func recordReplacesTracesAtomically() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = folder.file("run.rxtrace")
        #expect(try await Self.rxtrace().run(["record", "-o", path, "--", try Self.host().path, "--iterations", "1"]).status == 0)
        let first = try Data(contentsOf: URL(fileURLWithPath: path))

        let none = try await Self.rxtrace().run(["record", "-o", path, "--", "/bin/true"])
        #expect(none.status == 2)
        #expect(none.error.contains("wrote no trace to \(path) (what was there before is unchanged)"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == first)

        let failing = try await Self.rxtrace().run(["record", "-o", path, "--", "/bin/sh", "-c", "exit 5"])
        #expect(failing.status == 5, "the program's own failure status wins")

        let second = try await Self.rxtrace().run(["record", "-o", path, "--", try Self.host().path, "--iterations", "2"])
        #expect(second.status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) != first)
        #expect(try folder.contents() == ["run.rxtrace"])
    }

    @Test("record into a FIFO and into a device node leaves each what it was")
    func recordIntoStreams() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let fifo = folder.file("trace.fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        let reader = FIFOReader(path: fifo)
        let piped = try await Self.rxtrace().run(["record", "-o", fifo, "--", try Self.host().path, "--iterations", "1"])
        #expect(piped.status == 0, "\(piped.error)")
        #expect(Array(await reader.data().prefix(8)) == SpecialFiles.traceSignature)
        #expect(SpecialFiles.kind(fifo) == S_IFIFO)

        let device = folder.file("null")
        guard SpecialFiles.makeNullDevice(at: device) else { return }
        let written = try await Self.rxtrace().run(["record", "-o", device, "--", try Self.host().path, "--iterations", "1"])
        #expect(written.status == 0, "\(written.error)")
        #expect(SpecialFiles.kind(device) == S_IFCHR)
        #expect(SpecialFiles.deviceNumber(device) == SpecialFiles.nullDeviceNumber)
        #expect(try folder.contents() == ["null", "trace.fifo"])
    }

    @Test("record --capacity is checked before the program runs")
    func recordCapacity() async throws {
        for bad in ["lots", "0", "5g", "8192m", "1.5k"] {
            let result = try await Self.rxtrace().run(["record", "--capacity", bad, "--", "/bin/sh", "-c", "echo ran"])
            #expect(result.status == 64, "--capacity \(bad)")
            #expect(result.output.isEmpty)
            #expect(result.error.contains("--capacity \"\(bad)\" is not a record count"))
        }
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let good = try await Self.rxtrace().run([
            "record", "--capacity", "64k", "-o", folder.file("a.rxtrace"), "--", try Self.host().path, "--iterations", "1",
        ])
        #expect(good.status == 0)
    }

    @Test("report, export and check --write-baseline: folders refused, traces never replaced by text, devices kept")
    func textOutputs() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let trace = folder.file("run.rxtrace")
        #expect(try await Self.rxtrace().run(["record", "-o", trace, "--", try Self.host().path, "--iterations", "2"]).status == 0)
        let original = try Data(contentsOf: URL(fileURLWithPath: trace))
        let sub = folder.file("out")
        try FileManager.default.createDirectory(atPath: sub, withIntermediateDirectories: false)

        let intoFolder = try await Self.rxtrace().run(["report", trace, "-f", "json", "-o", sub])
        #expect(intoFolder.status == 2)
        #expect(intoFolder.error == "rxtrace: \(sub) is a folder; give a file name inside it\n")
        let baselineFolder = try await Self.rxtrace().run(["check", trace, "--write-baseline", sub])
        #expect(baselineFolder.status == 2)
        #expect(baselineFolder.error.contains("\(sub) is a folder"))

        let overInput = try await Self.rxtrace().run(["export", trace, "-f", "jsonl", "-o", trace])
        #expect(overInput.status == 2)
        #expect(overInput.error == "rxtrace: \(trace) is a trace file; it is not replaced by text (choose another path)\n")
        #expect(try Data(contentsOf: URL(fileURLWithPath: trace)) == original)

        // An earlier report of the same name is replaced, and a partial file a killed run left
        // is removed; one whose writer holds its lock (this process, here) is not.
        let report = folder.file("report.json")
        try Self.write("old report\n", to: report)
        let stale = "report.json.rxtrace-partial-\(try SpecialFiles.endedProcessID())-1f2e"
        let live = "report.json.rxtrace-partial-\(getpid())-3c4d"
        try Self.write("half", to: folder.file(stale))
        try Self.write("half", to: folder.file(live))
        let lock = open(folder.file(live), O_RDONLY | O_CLOEXEC)
        #expect(lock >= 0 && flock(lock, LOCK_EX) == 0)
        defer { close(lock) }
        let replaced = try await Self.rxtrace().run(["report", trace, "-f", "json", "-o", report])
        #expect(replaced.status == 0, "\(replaced.error)")
        #expect(Self.text(report)?.hasPrefix("{") == true)
        #expect(try folder.contents() == ["out", live, "report.json", "run.rxtrace"].sorted())

        let device = folder.file("null")
        if SpecialFiles.makeNullDevice(at: device) {
            let toDevice = try await Self.rxtrace().run(["export", trace, "-f", "chrome", "-o", device])
            #expect(toDevice.status == 0)
            #expect(SpecialFiles.kind(device) == S_IFCHR)
            #expect(SpecialFiles.deviceNumber(device) == SpecialFiles.nullDeviceNumber)
        }
    }

    @Test("a symbolic link given as -o stays a link; the file it points to is replaced")
    func symbolicLinks() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let trace = folder.file("run.rxtrace")
        #expect(try await Self.rxtrace().run(["record", "-o", trace, "--", try Self.host().path, "--iterations", "1"]).status == 0)
        let real = folder.file("real.txt")
        let link = folder.file("link.txt")
        try Self.write("old\n", to: real)
        #expect(symlink(real, link) == 0)
        let result = try await Self.rxtrace().run(["report", trace, "-o", link])
        #expect(result.status == 0, "\(result.error)")
        #expect(SpecialFiles.kind(link) == S_IFLNK)
        #expect(Self.text(real)?.contains("run.rxtrace") == true)
    }

    @Test("demo -o an existing file is one line and status 2, and the file is kept")
    func demoIntoAFile() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let file = folder.file("notes.txt")
        try Self.write("precious\n", to: file)
        let result = try await Self.rxtrace().run(["demo", "-o", file])
        #expect(result.status == 2)
        #expect(result.error == "rxtrace: \(file) exists and is not a folder; give a folder for the traces\n")
        #expect(Self.text(file) == "precious\n")
    }
}
