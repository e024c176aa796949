/// CRC-32 as IEEE 802.3, zlib and PNG define it (reflected polynomial `0xEDB88320`, initial
/// value and final XOR `0xFFFFFFFF`), computed eight bytes at a time with eight tables
/// ("slicing by 8").
///
/// The check value of the ASCII bytes `123456789` is `0xCBF43926`.
enum CRC32 {
    /// Eight tables of 256 entries, one after the other: table 0 is the classic byte-wise
    /// table, table `k` advances a byte through `k` more zero bytes.
    private static let tables: [UInt32] = {
        var tables = [UInt32](repeating: 0, count: 8 * 256)
        for byte in 0..<256 {
            var crc = UInt32(byte)
            for _ in 0..<8 {
                crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1
            }
            tables[byte] = crc
        }
        for table in 1..<8 {
            for byte in 0..<256 {
                let previous = tables[(table - 1) * 256 + byte]
                tables[table * 256 + byte] = (previous >> 8) ^ tables[Int(previous & 0xFF)]
            }
        }
        return tables
    }()

    /// The CRC-32 of `bytes`, continuing from `previous` (the CRC of the bytes before them;
    /// 0 to start).
    static func checksum(_ bytes: UnsafeRawBufferPointer, continuing previous: UInt32 = 0) -> UInt32 {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return previous }
        return tables.withUnsafeBufferPointer { table in
            var crc = ~previous
            var pointer = base
            var remaining = bytes.count
            while remaining >= 8 {
                let low = UInt32(littleEndian: pointer.loadUnaligned(as: UInt32.self)) ^ crc
                let high = UInt32(littleEndian: pointer.loadUnaligned(fromByteOffset: 4, as: UInt32.self))
                crc =
                    table[7 * 256 + Int(low & 0xFF)] ^ table[6 * 256 + Int((low >> 8) & 0xFF)]
                    ^ table[5 * 256 + Int((low >> 16) & 0xFF)] ^ table[4 * 256 + Int(low >> 24)]
                    ^ table[3 * 256 + Int(high & 0xFF)] ^ table[2 * 256 + Int((high >> 8) & 0xFF)]
                    ^ table[1 * 256 + Int((high >> 16) & 0xFF)] ^ table[Int(high >> 24)]
                pointer += 8
                remaining -= 8
            }
            while remaining > 0 {
                let byte = pointer.load(as: UInt8.self)
                crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
                pointer += 1
                remaining -= 1
            }
            return ~crc
        }
    }

    /// The CRC-32 of `bytes`.
    static func checksum(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBytes { checksum($0) }
    }
}
