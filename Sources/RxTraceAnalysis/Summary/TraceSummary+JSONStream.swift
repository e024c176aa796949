#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension TraceSummary {
    /// Writes the same bytes as ``jsonData(pretty:)``, piece by piece, so that the memory it
    /// takes does not grow with the summary.
    ///
    /// `JSONEncoder` builds the whole document as a tree of values and then as one buffer (50
    /// times the size of a trace with many probes or open subscriptions). Here the top-level
    /// object is written by hand, in the sorted order of its keys, and each value through
    /// `JSONEncoder`, the long lists (probes, open subscriptions, errors, marks) a slice of
    /// 512 elements at a time; each piece is indented to its depth. What is
    /// written is byte for byte what ``jsonData(pretty:)`` gives.
    ///
    /// - Parameters:
    ///   - pretty: Whether to indent (the default) or write one line.
    ///   - write: Takes each piece in order; an error it throws ends the writing.
    public func writeJSON(pretty: Bool = true, to write: ([UInt8]) throws -> Void) throws {
        try withoutActuallyEscaping(write) { write in
            var writer = SummaryJSONWriter(pretty: pretty, write: write)
            try writeMembers(with: &writer)
        }
    }

    private func writeMembers(with writer: inout SummaryJSONWriter) throws {
        try writer.beginObject()
        if let damage { try writer.member("damage", damage) }
        try writer.member("errors", list: errors)
        try writer.member("errorsOmitted", errorsOmitted)
        try writer.member("invalidRecords", invalidRecords)
        try writer.member("leak", leak)
        try writer.member("marks", list: marks)
        try writer.member("openSubscriptions", list: openSubscriptions)
        try writer.member("partial", partial)
        try writer.member("probes", list: probes)
        try writer.member("process", process)
        try writer.member("schemaVersion", schemaVersion)
        try writer.endObject()
    }

    /// How many elements of a list go through `JSONEncoder` at once.
    static let jsonSliceLength = 512
}

/// Writes the top-level object of a summary's JSON, its members' values encoded by
/// `JSONEncoder` and indented by one level.
private struct SummaryJSONWriter {
    let pretty: Bool
    let write: ([UInt8]) throws -> Void
    private let encoder: JSONEncoder
    private var members = 0

    init(pretty: Bool, write: @escaping ([UInt8]) throws -> Void) {
        self.pretty = pretty
        self.write = write
        encoder = JSONEncoder()
        encoder.outputFormatting =
            pretty ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
    }

    mutating func beginObject() throws {
        try write(Array("{".utf8))
    }

    mutating func endObject() throws {
        try write(Array((pretty && members > 0 ? "\n}" : "}").utf8))
    }

    /// The text before a member's value: the separator, the indentation and the key.
    private mutating func key(_ name: String) throws {
        var text = members == 0 ? "" : ","
        if pretty { text += "\n  " }
        text += "\"" + name + "\"" + (pretty ? " : " : ":")
        members += 1
        try write(Array(text.utf8))
    }

    /// A member whose value is encoded in one piece.
    mutating func member(_ name: String, _ value: some Encodable) throws {
        try key(name)
        try write(indented(try encoder.encode(value)))
    }

    /// A member whose value is a list, encoded a slice at a time.
    mutating func member<Element: Encodable>(_ name: String, list: [Element]) throws {
        guard list.count > TraceSummary.jsonSliceLength else { return try member(name, list) }
        try key(name)
        try write(Array((pretty ? "[\n" : "[").utf8))
        var start = list.startIndex
        while start < list.endIndex {
            let end = min(start + TraceSummary.jsonSliceLength, list.endIndex)
            var piece = indented(try encoder.encode(Array(list[start..<end])))
            // Drop the slice's own brackets (and, pretty, the line breaks inside them).
            let open = pretty ? 2 : 1
            let close = pretty ? 4 : 1  // "\n" + two spaces of indentation + "]"
            piece = Array(piece[open..<(piece.count - close)])
            if start > list.startIndex {
                piece.insert(contentsOf: (pretty ? ",\n" : ",").utf8, at: 0)
            }
            try write(piece)
            start = end
        }
        try write(Array((pretty ? "\n  ]" : "]").utf8))
    }

    /// `json`, a value at the top of its own document, indented as a member's value: every line
    /// after the first, unless empty (`[` and `]` of an empty list have one between them),
    /// two spaces further in.
    private func indented(_ json: Data) -> [UInt8] {
        guard pretty else { return Array(json) }
        var result: [UInt8] = []
        result.reserveCapacity(json.count + json.count / 8)
        var lineStart = false
        for byte in json {
            if lineStart, byte != UInt8(ascii: "\n") {
                result.append(UInt8(ascii: " "))
                result.append(UInt8(ascii: " "))
            }
            result.append(byte)
            lineStart = byte == UInt8(ascii: "\n")
        }
        return result
    }
}
