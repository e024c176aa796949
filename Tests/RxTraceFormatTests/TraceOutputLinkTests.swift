import Foundation
import TestSupport
import Testing

@testable import RxTraceFormat

/// The writer follows the links at the end of its path one at a time: a dangling link gets
/// the file it names, a loop is refused, and one of this process's descriptors is written
/// through (issue 29, items 2 and 3).
@Suite struct TraceOutputLinkTests {
    private let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    @Test("a dangling link, relative, through two links: the file at its end is created and both links stay")
    func danglingChain() throws {
        defer { directory.remove() }
        try FileManager.default.createDirectory(atPath: directory.file("real"), withIntermediateDirectories: false)
        #expect(symlink("real/run.rxtrace", directory.file("inner")) == 0)
        #expect(symlink("inner", directory.file("outer")) == 0)
        #expect(TraceOutputTarget.inspect(directory.file("outer")) == .nothing)
        #expect(TraceOutputTarget.resolvedPath(directory.file("outer")) == directory.file("real/run.rxtrace"))

        try TraceFileWriter.write(TraceFixtures.file(), records: TraceFixtures.records(5), to: directory.file("outer"))
        #expect(try TraceFileReader(path: directory.file("real/run.rxtrace")).readAllRecords() == TraceFixtures.records(5))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: directory.file("outer")) == "inner")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: directory.file("inner")) == "real/run.rxtrace")
    }

    @Test("a link loop is refused before anything is written, and the links stay")
    func loop() throws {
        defer { directory.remove() }
        #expect(symlink(directory.file("b"), directory.file("a")) == 0)
        #expect(symlink(directory.file("a"), directory.file("b")) == 0)
        #expect(TraceOutputTarget.inspect(directory.file("a")) == .unusable("a symbolic link that loops (or nests too deep)"))
        #expect(throws: TraceFileError.self) {
            try TraceFileWriter.write(TraceFixtures.file(), records: [], to: directory.file("a"))
        }
        #expect(try directory.contents() == ["a", "b"])
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: directory.file("a")) == directory.file("b"))
    }

    @Test("this process's descriptor, open on a regular file, is a stream written after what is there")
    func ownDescriptor() throws {
        defer { directory.remove() }
        let path = directory.file("out.bin")
        let descriptor = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
        #expect(descriptor >= 0)
        defer { close(descriptor) }
        #expect(write(descriptor, "head", 4) == 4)
        for spelling in ["/dev/fd/\(descriptor)", "/proc/self/fd/\(descriptor)", "/proc/\(getpid())/fd/\(descriptor)"] {
            #expect(TraceOutputTarget.ownDescriptor(at: spelling) == descriptor, "\(spelling)")
            #expect(TraceOutputTarget.inspect(spelling) == .stream, "\(spelling)")
        }
        try TraceFileWriter.write(TraceFixtures.file(), records: TraceFixtures.records(3), to: "/dev/fd/\(descriptor)")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(bytes.prefix(4) == Data("head".utf8))
        #expect(Array(bytes.dropFirst(4).prefix(TraceFormat.magic.count)) == TraceFormat.magic)
        #expect(try directory.contents() == ["out.bin"])
    }
}
