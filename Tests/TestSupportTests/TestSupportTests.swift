import Foundation
import RxTraceFormat
import TestSupport
import Testing

/// The shared test helpers do what the tests that use them rely on.
@Suite("the shared test support")
struct TestSupportTests {
    @Test("SplitMix64 gives the reference sequence, so seeded inputs are the same on every machine")
    func splitMix64ReferenceSequence() {
        // The first outputs of the reference implementation (Vigna's splitmix64.c) from seed 0.
        var random = SplitMix64(seed: 0)
        #expect(random.next() == 0xE220_A839_7B1D_CDAF)
        #expect(random.next() == 0x6E78_9E6A_A1B9_65F4)
        #expect(random.next() == 0x06C4_5D18_8009_454F)
    }

    @Test("Locked keeps every update made from many threads at once")
    func lockedUnderContention() {
        let counter = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<10_000 { counter.withLock { $0 += 1 } }
        }
        #expect(counter.withLock { $0 } == 80_000)
    }

    @Test("a temporary directory is new, empty and private to its test, and remove() deletes it with its files")
    func temporaryDirectoryLifecycle() throws {
        let first = try TemporaryDirectory()
        let second = try TemporaryDirectory()
        defer {
            first.remove()
            second.remove()
        }
        #expect(first.path != second.path)
        #expect(try first.contents().isEmpty)
        try Data("x".utf8).write(to: URL(fileURLWithPath: first.file("b")))
        try Data("y".utf8).write(to: URL(fileURLWithPath: first.file("a")))
        #expect(try first.contents() == ["a", "b"])
        #expect(try second.contents().isEmpty)
        first.remove()
        #expect(!FileManager.default.fileExists(atPath: first.path))
    }

    @Test("the repository's files are found from the test sources")
    func repositoryFilesFindTheRoot() throws {
        #expect(FileManager.default.fileExists(atPath: RepositoryFiles.url("Package.swift").path))
        #expect(try RepositoryFiles.text("docs/trace-format.md").hasPrefix("# The rxtrace trace file format"))
    }
}

/// The trace fixtures are valid traces, so a test that reads one fails only for what it checks.
@Suite("the shared trace fixtures")
struct TraceFixtureTests {
    @Test("every fixture writes a valid trace that reads back as it was built")
    func fixturesAreValidTraces() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        for (name, file) in [("full", TraceFixtures.file()), ("empty", TraceFixtures.emptyFile())] {
            let path = directory.file(name + ".rxtrace")
            let records = name == "full" ? TraceFixtures.records(100) : []
            try TraceFileWriter.write(file, records: records, to: path)
            let reader = try TraceFileReader(path: path)
            #expect(reader.file == file)
            #expect(try reader.readAllRecords() == records)
        }
        try SampleTraces.writeOverlapping(to: directory.file("overlapping.rxtrace"))
        #expect(try TraceFileReader(path: directory.file("overlapping.rxtrace")).readAllRecords().count == 12)
    }

    @Test("the leak traces have the mark totals their names promise")
    func leakTracesHaveTheirTotals() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("leak.rxtrace")
        try LeakTraces.writeLeaking(to: path)
        #expect(try TraceFileReader(path: path).file.marks.map(\.resourcesTotal) == [10, 12, 14, 16, 18])
        try LeakTraces.writeClean(to: path)
        #expect(try TraceFileReader(path: path).file.marks.map(\.resourcesTotal) == [10, 10, 10, 10, 10])
        try LeakTraces.writeUncounted(to: path)
        #expect(try TraceFileReader(path: path).file.marks.allSatisfy { $0.resourcesTotal == -1 && $0.types.isEmpty })
    }

    @Test("the builder interns each string once and totals a mark's type counts")
    func builderInternsAndTotals() {
        var fixture = TraceFixture()
        let probe = fixture.probe("query", file: "App/Main.swift")
        fixture.mark("round 1", types: ["Sink": 2, "Observer": 3])
        #expect(fixture.intern("query") == fixture.file.probes[Int(probe)].identifier)
        #expect(fixture.file.strings.filter { $0 == "App/Main.swift" }.count == 1)
        #expect(fixture.file.strings.first == "")
        #expect(fixture.file.marks.first?.resourcesTotal == 5)
    }
}
