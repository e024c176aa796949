import Foundation
import RxCore
import TestSupport
import Testing

/// `rxtrace record`, `export` and `diff`, run as a user runs them.
@Suite("rxtrace record, export and diff")
struct RecordExportDiffTests {
    private static func rxtrace() throws -> BuiltProgram { try BuiltProgram.named("rxtrace") }
    private static func host() throws -> BuiltProgram { try BuiltProgram.named("TracedHost") }

    /// Records `TracedHost` into `folder/name`.
    private static func record(
        _ name: String, in folder: TemporaryDirectory, arguments: [String] = ["--iterations", "3"]
    ) async throws -> String {
        let path = folder.file(name)
        let result = try await rxtrace().run(["record", "--output", path, "--", try host().path] + arguments)
        #expect(result.status == 0, "\(result.error)")
        return path
    }

    @Test("record passes the output through, says where the trace went, and leaves one file")
    func record() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = folder.file("run.rxtrace")
        let result = try await Self.rxtrace().run(["record", "-o", path, "--", try Self.host().path, "--iterations", "2"])
        #expect(result.status == 0)
        #expect(result.output == "done: 2 iterations\n")
        #expect(result.error.hasPrefix("rxtrace: trace written to \(path) ("))
        #expect(result.error.contains("rxtrace report \(path)"))
        #expect(try folder.contents() == ["run.rxtrace"])
    }

    @Test("record exits with the program's status and says when no trace came")
    func recordForwardsStatus() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let failing = try await Self.rxtrace().run(["record", "-o", folder.file("x.rxtrace"), "--", "/bin/sh", "-c", "echo out; exit 3"])
        #expect(failing.status == 3)
        #expect(failing.output == "out\n")
        #expect(failing.error.contains("wrote no trace"))
        let killed = try await Self.rxtrace().run(["record", "-o", folder.file("y.rxtrace"), "--", "/bin/sh", "-c", "kill -9 $$"])
        #expect(killed.status == 137)
    }

    @Test("record: bad input gets one line and status 2")
    func recordBadInput() async throws {
        let missing = try await Self.rxtrace().run(["record", "--", "no-such-command-here"])
        #expect(missing.status == 2)
        #expect(missing.error == "rxtrace: no-such-command-here: command not found in PATH\n")
        let empty = try await Self.rxtrace().run(["record"])
        #expect(empty.status != 0)
        #expect(empty.error.contains("no command to run"))
    }

    @Test("export jsonl: one valid JSON object per record, in time order")
    func exportJSONLines() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let trace = try await Self.record("run.rxtrace", in: folder)
        let result = try await Self.rxtrace().run(["export", trace, "--format", "jsonl"])
        #expect(result.status == 0)
        let lines = result.output.split(separator: "\n")
        #expect(lines.count > 50)
        var last: UInt64 = 0
        for line in lines {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect(Set(object.keys) == ["t", "thread", "probe", "subscription", "event", "value"])
            let time = try #require((object["t"] as? NSNumber)?.uint64Value)
            #expect(time >= last)
            last = time
        }
        #expect(lines.first?.contains("\"event\":\"subscribed\"") == true)
        #expect(
            result.output.contains("\"probe\":\"query\",\"subscription\":2,\"event\":\"next\",\"value\":\"rx\"")
                || result.output.contains("\"value\":\"rx\""))
    }

    @Test("export -o to a pipe writes into the pipe and leaves it a pipe, not a file renamed over it")
    func exportIntoAPipe() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let trace = try await Self.record("run.rxtrace", in: folder)
        let pipe = folder.file("out.fifo")
        #expect(mkfifo(pipe, 0o600) == 0)
        // A reader must hold the other end open, or the writer's open blocks.
        let received = Locked(Data())
        let reader = Thread {
            if let handle = FileHandle(forReadingAtPath: pipe) {
                let data = handle.readDataToEndOfFile()
                received.withLock { $0 = data }
            }
        }
        reader.start()
        let result = try await Self.rxtrace().run(["export", trace, "--format", "jsonl", "-o", pipe])
        #expect(result.status == 0, "\(result.error)")
        var status = stat()
        #expect(stat(pipe, &status) == 0)
        #expect(status.st_mode & S_IFMT == S_IFIFO)
        let deadline = Date().addingTimeInterval(hangGuardSeconds)
        while received.withLock({ $0.isEmpty }), Date() < deadline {
            try await Task.sleep(milliseconds: 10)
        }
        let text = String(decoding: received.withLock { $0 }, as: UTF8.self)
        #expect(text.contains("\"event\":\"subscribed\""))
    }

    @Test("export chrome: a trace-event JSON file with async slices, instants, names and the resource counter")
    func exportChrome() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let trace = try await Self.record("run.rxtrace", in: folder, arguments: ["--iterations", "2", "--leak"])
        let out = folder.file("run.json")
        let result = try await Self.rxtrace().run(["export", trace, "-f", "chrome", "-o", out])
        #expect(result.status == 0)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out))) as? [String: Any])
        let events = try #require(root["traceEvents"] as? [[String: Any]])
        let phases = Dictionary(grouping: events) { $0["ph"] as? String ?? "" }
        #expect(phases["M"]?.contains { $0["name"] as? String == "process_name" } == true)
        #expect(phases["M"]?.contains { $0["name"] as? String == "thread_name" } == true)
        #expect((phases["b"]?.count ?? 0) > 0)
        #expect(phases["b"]?.count == phases["e"]?.count)
        #expect(phases["e"]?.filter { ($0["args"] as? [String: Any])?["open"] as? Bool == true }.count == 2)
        #expect((phases["i"]?.count ?? 0) > 0)
        // Counter points only where the program counted (the TraceResources trait).
        #expect(phases["C"]?.count ?? 0 == (Resources.isEnabled ? 2 : 0))
        #expect(try folder.contents() == ["run.json", "run.rxtrace"])
    }

    @Test("export: bad input is one line and status 2, and no output file is left")
    func exportBadInput() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let missing = try await Self.rxtrace().run(["export", folder.file("none.rxtrace"), "-f", "jsonl"])
        #expect(missing.status == 2)
        #expect(missing.error == "rxtrace: \(folder.file("none.rxtrace")): no such file\n")
        try Data("not a trace at all".utf8).write(to: URL(fileURLWithPath: folder.file("text.rxtrace")))
        let text = try await Self.rxtrace().run(["export", folder.file("text.rxtrace"), "-f", "jsonl"])
        #expect(text.status == 2)
        #expect(text.error.contains("not an rxtrace trace file"))
        let trace = try await Self.record("run.rxtrace", in: folder)
        let unwritable = try await Self.rxtrace().run(["export", trace, "-f", "chrome", "-o", folder.file("no/such/dir/out.json")])
        #expect(unwritable.status == 2)
        #expect(unwritable.error.hasPrefix("rxtrace: cannot write"))
        let badFormat = try await Self.rxtrace().run(["export", trace, "-f", "xml"])
        #expect(badFormat.status != 0)
        #expect(try folder.contents() == ["run.rxtrace", "text.rxtrace"])
    }

    @Test("export of a truncated trace writes what could be read, says it is partial and exits 3 as report does, 0 with --allow-partial")
    func exportTruncated() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let trace = try await Self.record("run.rxtrace", in: folder)
        let data = try Data(contentsOf: URL(fileURLWithPath: trace))
        let cut = folder.file("cut.rxtrace")
        try data.prefix(data.count - 40).write(to: URL(fileURLWithPath: cut))
        let result = try await Self.rxtrace().run(["export", cut, "-f", "jsonl"])
        #expect(result.status == 3)
        #expect(result.error.contains("partial trace"))
        let report = try await Self.rxtrace().run(["report", cut])
        #expect(report.status == result.status)
        // Every line written is a whole JSON object: complete for what was read.
        let lines = result.output.split(separator: "\n")
        for line in lines {
            #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) != nil, "\(line)")
        }
        for format in ["chrome", "perfetto", "otlp"] {
            let out = folder.file("cut.\(format)")
            let exported = try await Self.rxtrace().run(["export", cut, "-f", format, "-o", out])
            #expect(exported.status == 3, "\(format): \(exported.error)")
            #expect(FileManager.default.fileExists(atPath: out), "\(format)")
        }
        let chrome = try Data(contentsOf: URL(fileURLWithPath: folder.file("cut.chrome")))
        #expect((try? JSONSerialization.jsonObject(with: chrome)) != nil)
        let allowed = try await Self.rxtrace().run(["export", cut, "-f", "jsonl", "--allow-partial"])
        #expect(allowed.status == 0)
        #expect(allowed.error.contains("partial trace"))
        #expect(allowed.output == result.output)
    }

    @Test("diff compares the last marks type by type")
    func diff() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let clean = try await Self.record("clean.rxtrace", in: folder)
        let leaking = try await Self.record("leaking.rxtrace", in: folder, arguments: ["--iterations", "3", "--leak"])
        let result = try await Self.rxtrace().run(["diff", clean, leaking])
        #expect(result.status == 0)
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.first == "a: \(clean) (mark \"iteration 3\")")
        #expect(lines.contains { $0.hasPrefix("total") })
        let missingMark = try await Self.rxtrace().run(["diff", clean, leaking, "--mark", "nope"])
        #expect(missingMark.status == 2)
        #expect(missingMark.error.contains("no mark labelled \"nope\""))
        // It names the marks it has, as --probe names the probes.
        #expect(missingMark.error.contains("\"iteration 1\", \"iteration 2\", \"iteration 3\""), "\(missingMark.error)")
    }
}
