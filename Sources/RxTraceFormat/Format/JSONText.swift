/// JSON string literals, as text or as UTF-8 bytes, for every JSON and listing that rxtrace
/// writes: `"` and `\` escaped, newline, return and tab as `\n`, `\r`, `\t`, the other control
/// characters below U+0020 as `\u00xx` (lowercase hexadecimal), everything else (U+007F and
/// all non-ASCII text) as it is.
///
/// One escaper for the whole package, here because the exporters of `rxtrace` and the marble
/// listing of `RxTraceAnalysis` both depend on this module.
///
/// It works on UTF-8 bytes: in valid UTF-8 every byte of a multi-byte character is 0x80 or
/// more, so a byte below 0x20 or a quote is always a whole character of its own.
package enum JSONText {
    /// `text` quoted and escaped as a JSON string.
    package static func quoted(_ text: String) -> String {
        var bytes: [UInt8] = []
        appendQuoted(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `text` quoted and escaped to `output`.
    package static func appendQuoted(_ text: String, to output: inout [UInt8]) {
        var text = text
        text.withUTF8 { appendQuoted(utf8: $0, to: &output) }
    }

    /// Appends the UTF-8 text `utf8` quoted and escaped to `output`.
    package static func appendQuoted(utf8: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        output.reserveCapacity(output.count + utf8.count + 2)
        output.append(UInt8(ascii: "\""))
        var plainStart = 0
        for index in utf8.indices {
            let byte = utf8[index]
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
            // The run of bytes that need no escape, copied at once.
            output.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[plainStart..<index]))
            plainStart = index + 1
            output.append(UInt8(ascii: "\\"))
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): output.append(byte)
            case UInt8(ascii: "\n"): output.append(UInt8(ascii: "n"))
            case UInt8(ascii: "\r"): output.append(UInt8(ascii: "r"))
            case UInt8(ascii: "\t"): output.append(UInt8(ascii: "t"))
            default:
                let hex: StaticString = "0123456789abcdef"
                output.append(UInt8(ascii: "u"))
                output.append(UInt8(ascii: "0"))
                output.append(UInt8(ascii: "0"))
                output.append(hex.utf8Start[Int(byte >> 4)])
                output.append(hex.utf8Start[Int(byte & 0xF)])
            }
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[plainStart...]))
        output.append(UInt8(ascii: "\""))
    }
}
