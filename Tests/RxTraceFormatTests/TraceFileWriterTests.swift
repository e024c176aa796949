import Foundation
import TestSupport
import Testing

@testable import RxTraceFormat

/// Atomic writing: a whole file appears under the final name or nothing changes there, and
/// no temporary file is left behind either way.
@Suite(.offPool) struct TraceFileWriterTests {
    private let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    @Test("success leaves only the final file")
    func successLeavesOnlyTheFinalFile() throws {
        defer { directory.remove() }
        let path = directory.file("run.rxtrace")
        let writer = try TraceFileWriter(path: path, file: TraceFixtures.file())
        #expect(writer.temporaryPath.hasPrefix(path + ".rxtrace-partial-\(getpid())-"))
        #expect(try directory.contents() == [URL(fileURLWithPath: writer.temporaryPath).lastPathComponent])
        #expect(!FileManager.default.fileExists(atPath: path))
        try writer.append(contentsOf: TraceFixtures.records(10_000))
        #expect(writer.recordsAppended == 10_000)
        try writer.finish()
        #expect(try directory.contents() == ["run.rxtrace"])
        #expect(try TraceFileReader(path: path).readAllRecords() == TraceFixtures.records(10_000))
    }

    @Test("a path that is a directory is refused before anything is written")
    func aPathThatIsADirectoryIsRefusedBeforeAnythingIsWritten() throws {
        defer { directory.remove() }
        let path = directory.file("taken")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        let error = #expect(throws: TraceFileError.self) {
            try TraceFileWriter(path: path, file: TraceFixtures.file())
        }
        #expect(error == .invalidInput(path: path, problem: "it is a directory; name a file inside it"))
        #expect(error?.description == "cannot write the trace file \(path): it is a directory; name a file inside it")
        #expect(try directory.contents() == ["taken"])
        var isDirectory: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue)
    }

    @Test("a file that is not a trace is left alone unless any file may be replaced")
    func aFileThatIsNotATraceIsLeftAloneUnlessAnyFileMayBeReplaced() throws {
        defer { directory.remove() }
        let path = directory.file("notes.txt")
        try writeBytes(Array("precious".utf8), to: path)
        let error = #expect(throws: TraceFileError.self) {
            try TraceFileWriter.write(TraceFixtures.file(), records: [], to: path)
        }
        #expect(error == .invalidInput(path: path, problem: "a file that is not a trace is there, and it is left as it is"))
        #expect(try readBytes(path) == Array("precious".utf8))
        try TraceFileWriter.write(TraceFixtures.file(), records: TraceFixtures.records(10), to: path, replacing: .anyFile)
        #expect(try TraceFileReader(path: path).readAllRecords() == TraceFixtures.records(10))
        // A trace, and an empty file, are replaced without being told.
        try TraceFileWriter.write(TraceFixtures.file(), records: TraceFixtures.records(3), to: path)
        #expect(try TraceFileReader(path: path).readAllRecords() == TraceFixtures.records(3))
        let empty = directory.file("empty.rxtrace")
        try writeBytes([], to: empty)
        try TraceFileWriter.write(TraceFixtures.file(), records: [], to: empty)
        #expect(TraceOutputTarget.inspect(empty) == .traceFile)
        #expect(try directory.contents() == ["empty.rxtrace", "notes.txt"])
    }

    @Test("a FIFO is written as it is and stays a FIFO")
    func aFIFOIsWrittenAsItIsAndStaysAFIFO() async throws {
        defer { directory.remove() }
        let path = directory.file("trace.fifo")
        #expect(mkfifo(path, 0o600) == 0)
        #expect(TraceOutputTarget.inspect(path) == .stream)
        let received = Locked<[UInt8]>([])
        let reader = Thread {
            // Read to the end of the stream: a FIFO has no size to read up to.
            let bytes = FileHandle(forReadingAtPath: path).map { [UInt8]($0.readDataToEndOfFile()) } ?? []
            received.withLock { $0 = bytes }
        }
        reader.start()
        let writer = try TraceFileWriter(path: path, file: TraceFixtures.file())
        #expect(!FileManager.default.fileExists(atPath: writer.temporaryPath), "the temporary file has no name")
        try writer.append(contentsOf: TraceFixtures.records(5_000))
        try writer.finish()
        let deadline = MonotonicInstant.after(seconds: hangGuardSeconds)
        while received.withLock({ $0.isEmpty }), !deadline.hasPassed {
            try await Task.sleep(milliseconds: 10)
        }
        let copy = directory.file("copy.rxtrace")
        try writeBytes(received.withLock { $0 }, to: copy)
        #expect(try TraceFileReader(path: copy).readAllRecords() == TraceFixtures.records(5_000))
        var status = stat()
        #expect(lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)
    }

    @Test("partial files of ended processes are removed and nothing else")
    func partialFilesOfEndedProcessesAreRemovedAndNothingElse() throws {
        defer { directory.remove() }
        let path = directory.file("run.rxtrace")
        let ended = Process()
        ended.executableURL = URL(fileURLWithPath: "/bin/true")
        try ended.run()
        ended.waitUntilExit()
        let dead = ended.processIdentifier
        let names = [
            "run.rxtrace.rxtrace-partial-\(dead)-ab12",  // removed
            "run.rxtrace.rxtrace-partial-\(getpid())-ab12",  // a dump in progress: kept
            "run.rxtrace.rxtrace-partial-\(dead)-AB12",  // not the pattern
            "run.rxtrace.rxtrace-partial-\(dead)",  // not the pattern
            "run.rxtrace.tmp-\(dead)-ab12",  // not ours
            "other.rxtrace.rxtrace-partial-\(dead)-ab12",  // another target
        ]
        for name in names { try writeBytes([1], to: directory.file(name)) }
        try FileManager.default.createDirectory(
            atPath: directory.file("run.rxtrace.rxtrace-partial-\(dead)-cd34"), withIntermediateDirectories: false)
        #expect(PartialFile.removeStale(for: path) == [names[0]])
        #expect(try directory.contents() == (Array(names.dropFirst()) + ["run.rxtrace.rxtrace-partial-\(dead)-cd34"]).sorted())
    }

    @Test("a missing directory fails before writing anything")
    func aMissingDirectoryFailsBeforeWritingAnything() throws {
        defer { directory.remove() }
        let path = directory.file("missing/run.rxtrace")
        let error = #expect(throws: TraceFileError.self) {
            try TraceFileWriter.write(TraceFixtures.file(), records: [], to: path)
        }
        guard case .io(let errorPath, .create(let temporary), let code)? = error else {
            Issue.record("unexpected \(String(describing: error))")
            return
        }
        #expect(errorPath == path)
        #expect(temporary.hasPrefix(path + ".rxtrace-partial-"))
        #expect(code == ENOENT)
        #expect(error?.description.contains("No such file or directory") == true)
        #expect(try directory.contents().isEmpty)
    }

    @Test("a failed write leaves the previous file and no temporary file")
    func aFailedWriteLeavesThePreviousFileAndNoTemporaryFile() throws {
        defer { directory.remove() }
        let path = directory.file("run.rxtrace")
        try TraceFileWriter.write(TraceFixtures.emptyFile(), records: [], to: path)
        let before = try readBytes(path)
        // Fail once the file would pass 2 MiB: the metadata and the first megabyte of records
        // are written, then the disk is "full".
        let writer = try TraceFileWriter(path: path, file: TraceFixtures.file(), writeLimit: 2 << 20)
        let temporary = writer.temporaryPath
        let records = TraceFixtures.records(100_000)
        let error = #expect(throws: TraceFileError.self) {
            try writer.append(contentsOf: records)
            try writer.finish()
        }
        #expect(error == .io(path: path, operation: .write(temporaryPath: temporary), code: ENOSPC))
        #expect(error?.description.contains("No space left on device") == true)
        #expect(try directory.contents() == ["run.rxtrace"])
        #expect(try readBytes(path) == before)
    }

    @Test("invalid metadata is refused before any file is created")
    func invalidMetadataIsRefusedBeforeAnyFileIsCreated() throws {
        defer { directory.remove() }
        let path = directory.file("run.rxtrace")
        let strings = TraceFixtures.strings.count
        var cases: [(TraceFile, String)] = []
        func unknownString(_ what: String, _ index: Int) -> String {
            "\(what) refers to string \(index), but the string table has \(strings) strings"
        }
        func variant(_ change: (inout TraceFile) -> Void, _ problem: String) {
            var file = TraceFixtures.file()
            change(&file)
            cases.append((file, problem))
        }
        variant({ $0.strings[0] = "x" }, "string 0 must be the empty string, but it is \"x\"")
        variant(
            { $0.strings.append(String(repeating: "é", count: TraceFormatLimits.maxStringLength / 2 + 1)) },
            "string \(strings) is 1048578 bytes long, more than the limit of 1048576"
        )
        variant(
            { $0.header.processName = String(repeating: "p", count: TraceFormatLimits.maxStringLength + 1) },
            "the process name is 1048577 bytes long, more than the limit of 1048576"
        )
        variant({ $0.probes[1].file = 99 }, unknownString("probe 1's file", 99))
        variant({ $0.probes[0].identifier = 17 }, unknownString("probe 0's identifier", 17))
        variant({ $0.probes[2].function = 1_000 }, unknownString("probe 2's function", 1000))
        variant({ $0.threads[2].name = 17 }, unknownString("thread 2's name", 17))
        variant(
            { $0.threads = (0...TraceFormatLimits.maxThreads).map { TraceThread(systemID: UInt64($0), name: 0) } },
            "the trace has 65537 threads, more than the limit of 65536"
        )
        variant({ $0.marks[0].label = 50 }, unknownString("mark 0's label", 50))
        variant({ $0.marks[1].thread = 3 }, "mark 1 refers to thread 3, but the trace has 3 threads")
        variant(
            { $0.marks[0].types[1].name = 17 },
            unknownString("mark 0's type count 1", 17)
        )
        variant(
            { $0.marks[0].types = Array(repeating: TraceTypeCount(name: 0, count: 1), count: 65_537) },
            "the trace has 65537 type counts in mark 0, more than the limit of 65536"
        )
        variant({ $0.openSubscriptions[0].probe = 3 }, "open subscription 0 refers to probe 3, but the trace has 3 probes")
        variant({ $0.openSubscriptions[1].thread = 9 }, "open subscription 1 refers to thread 9, but the trace has 3 threads")
        variant({ $0.sites[0].userFrame = 17 }, unknownString("site 0's user frame", 17))
        variant({ $0.sites[0].frames[2] = 17 }, unknownString("site 0's frame 2", 17))
        variant({ $0.sites[1].live = [TraceTypeCount(name: 17, count: 1)] }, unknownString("site 1's type count 0", 17))
        variant(
            { $0.sites[1].frames = Array(repeating: 0, count: TraceFormatLimits.maxFramesPerSite + 1) },
            "the trace has 4097 frames in site 1, more than the limit of 4096"
        )
        variant(
            { $0.strings = [] },
            "probe 0's identifier refers to string 1, but the string table has 0 strings"
        )
        for (file, problem) in cases {
            #expect(throws: TraceFileError.invalidInput(path: path, problem: problem)) {
                try TraceFileWriter.write(file, records: [], to: path)
            }
            #expect(try directory.contents().isEmpty, "\(problem)")
        }
        #expect(
            TraceFileError.invalidInput(path: "a.rxtrace", problem: "string 0 must be the empty string").description
                == "cannot write the trace file a.rxtrace: string 0 must be the empty string"
        )
    }

    @Test("an invalid record stops the write and leaves nothing")
    func anInvalidRecordStopsTheWriteAndLeavesNothing() throws {
        defer { directory.remove() }
        let path = directory.file("run.rxtrace")
        let valid = TraceFixtures.records(5_000)
        let strings = TraceFixtures.strings.count
        func record(
            probe: UInt32 = 0, thread: UInt16 = 0, _ valueKind: TraceValueKind = .none, _ value: UInt64 = 0
        )
            -> TraceRecord
        {
            TraceRecord(
                timestamp: 0,
                subscription: 0,
                probe: probe,
                thread: thread,
                kind: .next,
                valueKind: valueKind,
                value: value
            )
        }
        let cases: [(TraceRecord, String)] = [
            (record(probe: 3), "refers to probe 3, but the trace has 3 probes"),
            (record(thread: 3), "refers to thread 3, but the trace has 3 threads"),
            (record(.string, UInt64(strings)), "refers to string \(strings), but the string table has \(strings) strings"),
            (record(.bool, 2), "has Boolean value 2, which is neither 0 nor 1"),
            (record(.disposalReason, 4), "has unknown disposal reason 4"),
        ]
        for (bad, problem) in cases {
            let writer = try TraceFileWriter(path: path, file: TraceFixtures.file())
            try writer.append(contentsOf: valid)
            let expected = TraceFileError.invalidInput(path: path, problem: "record 5000 \(problem)")
            #expect(throws: expected) { try writer.append(bad) }
            #expect(throws: expected) { try writer.finish() }
            #expect(try directory.contents().isEmpty)
        }
    }

    @Test("encoded records are checked too")
    func encodedRecordsAreCheckedToo() throws {
        defer { directory.remove() }
        let path = directory.file("run.rxtrace")
        var bytes = [UInt8](repeating: 0, count: 64)
        bytes.withUnsafeMutableBytes { raw in
            TraceRecordCodec.encode(TraceFixtures.records(1)[0], to: raw.baseAddress!)
        }
        bytes[32 + 22] = 6
        let writer = try TraceFileWriter(path: path, file: TraceFixtures.file())
        #expect(throws: TraceFileError.invalidInput(path: path, problem: "record 1 has unknown event kind 6")) {
            try bytes.withUnsafeBytes { try writer.append(encodedRecords: $0) }
        }
        #expect(try directory.contents().isEmpty)
        let other = try TraceFileWriter(path: path, file: TraceFixtures.file())
        let problem = "33 bytes of encoded records are not a whole number of 32-byte records"
        #expect(throws: TraceFileError.invalidInput(path: path, problem: problem)) {
            try bytes.withUnsafeBytes { try other.append(encodedRecords: UnsafeRawBufferPointer(rebasing: $0[0..<33])) }
        }
        #expect(try directory.contents().isEmpty)
    }

    @Test("an error from the producer is rethrown and leaves nothing")
    func anErrorFromTheProducerIsRethrownAndLeavesNothing() throws {
        defer { directory.remove() }
        struct Stop: Error, Equatable {}
        let path = directory.file("run.rxtrace")
        #expect(throws: Stop()) {
            try TraceFileWriter.write(TraceFixtures.file(), to: path) { writer in
                try writer.append(contentsOf: TraceFixtures.records(20_000))
                throw Stop()
            }
        }
        #expect(try directory.contents().isEmpty)
    }

    @Test("discarding or dropping a writer leaves nothing")
    func discardingOrDroppingAWriterLeavesNothing() throws {
        defer { directory.remove() }
        let path = directory.file("run.rxtrace")
        let writer = try TraceFileWriter(path: path, file: TraceFixtures.file())
        try writer.append(contentsOf: TraceFixtures.records(100))
        writer.discard()
        #expect(try directory.contents().isEmpty)
        #expect(throws: TraceFileError.invalidInput(path: path, problem: "the writer was discarded")) {
            try writer.finish()
        }
        do {
            let dropped = try TraceFileWriter(path: path, file: TraceFixtures.file())
            try dropped.append(contentsOf: TraceFixtures.records(100))
            #expect(try directory.contents().count == 1)
        }
        #expect(try directory.contents().isEmpty)
    }

    @Test("a finished writer refuses more")
    func aFinishedWriterRefusesMore() throws {
        defer { directory.remove() }
        let path = directory.file("run.rxtrace")
        let writer = try TraceFileWriter(path: path, file: TraceFixtures.file())
        try writer.finish()
        let finished = TraceFileError.invalidInput(path: path, problem: "the writer has already finished")
        #expect(throws: finished) { try writer.append(TraceFixtures.records(1)[0]) }
        #expect(throws: finished) { try writer.finish() }
        writer.discard()
        #expect(try directory.contents() == ["run.rxtrace"])
        #expect(try TraceFileReader(path: path).recordCount == 0)
    }

    @Test("the reader names files it cannot open")
    func theReaderNamesFilesItCannotOpen() throws {
        defer { directory.remove() }
        let missing = directory.file("missing.rxtrace")
        #expect(throws: TraceFileError.io(path: missing, operation: .open, code: ENOENT)) {
            try TraceFileReader(path: missing)
        }
        #expect(
            TraceFileError.io(path: missing, operation: .open, code: ENOENT).description
                == "cannot open \(missing): No such file or directory (errno \(ENOENT))"
        )
        #expect(throws: TraceFileError.io(path: directory.path, operation: .status, code: EISDIR)) {
            try TraceFileReader(path: directory.path)
        }
        // A FIFO fails at once instead of waiting for a writer.
        let fifo = directory.file("fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(throws: TraceFileError.io(path: fifo, operation: .read, code: ESPIPE)) {
            try TraceFileReader(path: fifo)
        }
    }
}
