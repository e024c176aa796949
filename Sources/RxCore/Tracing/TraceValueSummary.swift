internal import RxTraceFormat

/// How a probe summarizes the elements of one type in a record's 64-bit value: numbers and
/// Booleans as themselves, everything else as a truncated description in the string table.
///
/// Decided once per probe subscription from the element type, so that the per-event work is a
/// switch and a bit cast for numbers.
enum TraceValueSummary: Sendable {
    case signed
    case unsigned
    case floatingPoint
    case boolean
    case text
    case description

    /// The summary for elements of `type`.
    static func of<Element>(_ type: Element.Type) -> TraceValueSummary {
        switch type {
        case is Int.Type, is Int64.Type, is Int32.Type, is Int16.Type, is Int8.Type: return .signed
        case is UInt.Type, is UInt64.Type, is UInt32.Type, is UInt16.Type, is UInt8.Type: return .unsigned
        case is Double.Type, is Float.Type: return .floatingPoint
        case is Bool.Type: return .boolean
        case is String.Type, is Substring.Type: return .text
        default: return .description
        }
    }

    /// The value kind and bits for `element`.
    @inline(__always)
    func encode<Element>(_ element: Element, writer: TraceThreadWriter, limit: Int) -> (TraceValueKind, UInt64) {
        switch self {
        case .signed:
            return (.int, UInt64(bitPattern: Self.signedValue(element)))
        case .unsigned:
            return (.uint, Self.unsignedValue(element))
        case .floatingPoint:
            if let value = element as? Double { return (.double, value.bitPattern) }
            if let value = element as? Float { return (.double, Double(value).bitPattern) }
            return (.none, 0)
        case .boolean:
            return (.bool, (element as? Bool) == true ? 1 : 0)
        case .text:
            let text = (element as? String) ?? String(describing: element)
            return (.string, UInt64(writer.intern(Self.truncated(text, limit: limit))))
        case .description:
            return (.string, UInt64(writer.intern(Self.truncated(String(describing: element), limit: limit))))
        }
    }

    private static func signedValue<Element>(_ element: Element) -> Int64 {
        switch MemoryLayout<Element>.size {
        case 8: return withUnsafeBytes(of: element) { $0.loadUnaligned(as: Int64.self) }
        case 4: return Int64(withUnsafeBytes(of: element) { $0.loadUnaligned(as: Int32.self) })
        case 2: return Int64(withUnsafeBytes(of: element) { $0.loadUnaligned(as: Int16.self) })
        default: return Int64(withUnsafeBytes(of: element) { $0.loadUnaligned(as: Int8.self) })
        }
    }

    private static func unsignedValue<Element>(_ element: Element) -> UInt64 {
        switch MemoryLayout<Element>.size {
        case 8: return withUnsafeBytes(of: element) { $0.loadUnaligned(as: UInt64.self) }
        case 4: return UInt64(withUnsafeBytes(of: element) { $0.loadUnaligned(as: UInt32.self) })
        case 2: return UInt64(withUnsafeBytes(of: element) { $0.loadUnaligned(as: UInt16.self) })
        default: return UInt64(withUnsafeBytes(of: element) { $0.loadUnaligned(as: UInt8.self) })
        }
    }

    /// `text` cut to at most `limit` UTF-8 bytes on a character boundary, with `…` when cut.
    static func truncated(_ text: String, limit: Int) -> String {
        guard text.utf8.count > limit else { return text }
        let ellipsis = "…"
        let budget = max(limit - ellipsis.utf8.count, 0)
        var kept = ""
        var used = 0
        for character in text {
            let size = character.utf8.count
            if used + size > budget { break }
            kept.append(character)
            used += size
        }
        return kept + ellipsis
    }
}
