import TestSupport
import Testing

@testable import RxTraceFormat

@Suite struct CRC32Tests {
    /// The textbook bit-at-a-time CRC-32, to compare the table-driven one against.
    private func reference(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 {
                crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1
            }
        }
        return ~crc
    }

    @Test("check values")
    func checkValues() {
        #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(CRC32.checksum([]) == 0)
        #expect(CRC32.checksum(Array("The quick brown fox jumps over the lazy dog".utf8)) == 0x414F_A339)
        #expect(CRC32.checksum([UInt8](repeating: 0, count: 32)) == 0x190A_55AD)
    }

    @Test("matches the bitwise definition for every length and alignment")
    func matchesTheBitwiseDefinitionForEveryLengthAndAlignment() {
        var random = SplitMix64(seed: 1)
        let bytes = (0..<300).map { _ in UInt8.random(in: 0...255, using: &random) }
        for start in 0..<9 {
            for length in stride(from: 0, to: bytes.count - start, by: 7) {
                let slice = Array(bytes[start..<(start + length)])
                #expect(CRC32.checksum(slice) == reference(slice), "start \(start), length \(length)")
            }
        }
    }

    @Test("continues across pieces")
    func continuesAcrossPieces() {
        var random = SplitMix64(seed: 2)
        let bytes = (0..<1000).map { _ in UInt8.random(in: 0...255, using: &random) }
        let whole = CRC32.checksum(bytes)
        for cut in [0, 1, 7, 8, 9, 500, 999, 1000] {
            let first = CRC32.checksum(Array(bytes[..<cut]))
            let both = Array(bytes[cut...]).withUnsafeBytes { CRC32.checksum($0, continuing: first) }
            #expect(both == whole, "cut at \(cut)")
        }
    }
}
