import Foundation
import TestSupport
import Testing

@testable import RxTraceFormat

/// The optional site subscriptions section (kind 13): which subscription each site's resources
/// were made for, written only when some site has one, skipped by readers that do not know it.
@Suite struct TraceSiteSubscriptionsTests {
    private let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    /// The fixture with two sites: a closure subscription with a nested line, and a binding.
    private func fileWithSubscriptions() -> TraceFile {
        var file = TraceFixtures.file()
        let frame = UInt32(file.strings.count)
        file.strings += ["App/Model.swift:31", "App/Model.swift:40", "App/Model.swift:22", "Sink"]
        let type = frame + 3
        file.sites = [
            TraceSite(
                fingerprint: 31, userFrame: frame, frames: [], live: [TraceTypeCount(name: type, count: 3)],
                subscription: .closure, nested: [TraceTypeCount(name: frame + 1, count: 2)]
            ),
            TraceSite(
                fingerprint: 22, userFrame: frame + 2, frames: [], live: [TraceTypeCount(name: type, count: 1)], subscription: .binding
            ),
            TraceSite(fingerprint: 9, userFrame: 0, frames: [], live: [TraceTypeCount(name: type, count: 1)]),
        ]
        return file
    }

    private func write(_ file: TraceFile, _ name: String) throws -> [UInt8] {
        let path = directory.file(name)
        try TraceFileWriter.write(file, records: [], to: path)
        return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    @Test("kinds and nested lines come back; the minor version does not change")
    func roundTrip() throws {
        defer { directory.remove() }
        let file = fileWithSubscriptions()
        _ = try write(file, "subscriptions.rxtrace")
        let reader = try TraceFileReader(path: directory.file("subscriptions.rxtrace"))
        #expect(reader.file == file)
        #expect(reader.minorVersion == 0)
    }

    @Test("the section is kind 13 before the records: a count, then a kind and the nested lines per site")
    func layout() throws {
        defer { directory.remove() }
        let file = fileWithSubscriptions()
        var plainFile = file
        plainFile.sites = file.sites.map {
            TraceSite(fingerprint: $0.fingerprint, userFrame: $0.userFrame, frames: $0.frames, live: $0.live)
        }
        let plain = try write(plainFile, "plain.rxtrace")
        let detailed = try write(file, "detailed.rxtrace")
        let payloadSize = 4 + (5 + 12) + 5 + 5
        #expect(detailed.count == plain.count + 16 + payloadSize)
        let recordsStart = plain.count - (16 + 12) - (16 + 8)
        let section = Array(detailed[recordsStart..<recordsStart + 16 + payloadSize])
        #expect(section[0..<4] == [13, 0, 0, 0])
        let payload = Array(section[16...])
        #expect(section.loadLittleEndian(UInt32.self, at: 4) == CRC32.checksum(payload))
        #expect(payload.loadLittleEndian(UInt32.self, at: 0) == 3)
        #expect(payload[4] == 2)
        #expect(payload.loadLittleEndian(UInt32.self, at: 5) == 1)
        #expect(payload[21] == 1)
        #expect(payload[26] == 0)
        // Everything before it is the same bytes as a file without it.
        #expect(detailed[0..<recordsStart] == plain[0..<recordsStart])
    }

    @Test("a file whose sites belong to no subscription has no such section")
    func notWrittenWithoutSubscriptions() throws {
        defer { directory.remove() }
        let bytes = try write(TraceFixtures.file(), "plain.rxtrace")
        let reader = try TraceFileReader(path: directory.file("plain.rxtrace"))
        #expect(reader.file.sites.allSatisfy { $0.subscription == .none && $0.nested.isEmpty })
        #expect(!bytes.isEmpty)
    }

    @Test("an unknown kind or a count that differs from the sites is rejected")
    func damaged() throws {
        defer { directory.remove() }
        let file = fileWithSubscriptions()
        for (offset, byte) in [(4, UInt8(3)), (0, UInt8(2))] {
            var bytes = try write(file, "damaged.rxtrace")
            let plain = try write(
                {
                    var copy = file
                    copy.sites = file.sites.map {
                        TraceSite(fingerprint: $0.fingerprint, userFrame: $0.userFrame, frames: $0.frames, live: $0.live)
                    }
                    return copy
                }(), "plain.rxtrace")
            let sectionStart = plain.count - (16 + 12) - (16 + 8)
            let payloadStart = sectionStart + 16
            bytes[payloadStart + offset] = byte
            let payloadEnd = payloadStart + Int(bytes.loadLittleEndian(UInt64.self, at: sectionStart + 8))
            let crc = le(CRC32.checksum(Array(bytes[payloadStart..<payloadEnd])))
            bytes.replaceSubrange(sectionStart + 4..<sectionStart + 8, with: crc)
            let path = directory.file("damaged.rxtrace")
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            #expect(throws: TraceFileError.self) { try TraceFileReader(path: path) }
        }
    }
}
