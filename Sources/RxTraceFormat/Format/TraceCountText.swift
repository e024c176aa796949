/// The counts the `RXTRACE_CAPACITY` and `RXTRACE_VALUE_LENGTH` variables take (`65536`, `64k`,
/// `1m`: from 1 to 2^32), read the same way by the runtime that uses them and by the `rxtrace`
/// command that checks them before it starts a program.
package enum TraceCountText {
    /// The count `text` asks for, or `nil` when it is not one. Spaces and tabs around it are
    /// ignored, and the suffix may be upper or lower case.
    package static func count(_ text: String) -> Int? {
        let trimmed = Substring(text).drop(while: isSpace).reversed().drop(while: isSpace).reversed()
        var digits = Substring(String(trimmed).lowercased())
        var scale = 1
        if let last = digits.last, last == "k" || last == "m" {
            scale = last == "k" ? 1 << 10 : 1 << 20
            digits = digits.dropLast()
        }
        guard let number = Int(digits), number > 0, number <= Int.max / scale, number * scale <= 1 << 32 else {
            return nil
        }
        return number * scale
    }

    /// A tab or a space separator (the characters Foundation's `CharacterSet.whitespaces` holds).
    private static func isSpace(_ character: Character) -> Bool {
        character == "\t" || character.unicodeScalars.allSatisfy { $0.properties.generalCategory == .spaceSeparator }
    }
}
