/// Reads little-endian values from a section's payload, checking each read against the
/// payload's end, and reports problems with their byte offset in the file.
struct PayloadDecoder {
    /// The payload.
    let bytes: [UInt8]
    /// The file offset of the payload's first byte.
    let base: UInt64
    /// The file the payload comes from, for errors.
    let path: String
    /// The section the payload belongs to, for errors.
    let section: TraceFileSection
    /// The next byte to read.
    private(set) var position = 0

    init(bytes: [UInt8], base: UInt64, path: String, section: TraceFileSection) {
        self.bytes = bytes
        self.base = base
        self.path = path
        self.section = section
    }

    /// The file offset of the next byte to read.
    var offset: UInt64 { base + UInt64(position) }

    /// The bytes not read yet.
    var remaining: Int { bytes.count - position }

    /// An invalid-value error at `offset` (by default the next byte to read).
    func invalid(_ problem: String, at offset: UInt64? = nil) -> TraceFileError {
        .invalidValue(path: path, section: section, offset: offset ?? self.offset, problem: problem)
    }

    /// Throws `problem` as an invalid-value error at `offset`, if there is a problem.
    func check(_ problem: String?, at offset: UInt64) throws {
        if let problem { throw invalid(problem, at: offset) }
    }

    /// Reads a fixed-width integer, little-endian.
    mutating func read<Value: FixedWidthInteger>(
        _: Value.Type = Value.self, _ what: @autoclosure () -> String
    ) throws
        -> Value
    {
        let size = MemoryLayout<Value>.size
        guard remaining >= size else {
            throw invalid("\(what()) runs past the end of the section (\(byteCount(remaining)) left, \(size) needed)")
        }
        let value = bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: position, as: Value.self) }
        position += size
        return Value(littleEndian: value)
    }

    /// Reads a u32 length or count and checks it against `limit`.
    ///
    /// - Parameters:
    ///   - what: The value, for a message about reading it.
    ///   - describe: The value in the message about a value over the limit, such as
    ///     `string 3 is 70 bytes long`.
    mutating func readLength(
        limit: Int,
        _ what: @autoclosure () -> String,
        _ describe: (Int) -> String
    ) throws -> Int {
        let start = offset
        let value = Int(try read(UInt32.self, what()))
        guard value <= limit else {
            throw invalid("\(describe(value)), more than the limit of \(limit)", at: start)
        }
        return value
    }

    /// Reads a UTF-8 string of `length` bytes.
    mutating func readString(length: Int, _ what: @autoclosure () -> String) throws -> String {
        guard remaining >= length else {
            throw invalid("\(what()) is \(byteCount(length)) long, but the section has only \(byteCount(remaining)) left")
        }
        let start = offset
        let text = bytes.withUnsafeBufferPointer { buffer in
            String(validating: UnsafeBufferPointer(rebasing: buffer[position..<position + length]), as: UTF8.self)
        }
        guard let text else { throw invalid("\(what()) is not valid UTF-8", at: start) }
        position += length
        return text
    }

    /// Reads a 32-bit count and checks it against `limit` and against the bytes left, given
    /// that each entry takes at least `entrySize` bytes, before anything is allocated for it.
    mutating func readCount(of what: String, limit: Int, entrySize: Int) throws -> Int {
        let start = offset
        let count = try readLength(limit: limit, "the number of \(what)") { "the number of \(what) is \($0)" }
        guard count <= remaining / entrySize else {
            throw invalid(
                "\(count) \(what) need at least \(byteCount(count * entrySize)), "
                    + "but the section has only \(byteCount(remaining)) left",
                at: start
            )
        }
        return count
    }

    /// Checks that every byte was read.
    func expectEnd() throws {
        guard remaining == 0 else {
            let what = remaining == 1 ? "1 unexpected byte follows" : "\(remaining) unexpected bytes follow"
            throw invalid("\(what) the last entry")
        }
    }
}

/// `1 byte` or `n bytes`, for messages.
func byteCount(_ count: some BinaryInteger) -> String {
    count == 1 ? "1 byte" : "\(count) bytes"
}
