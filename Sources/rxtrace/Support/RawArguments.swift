import Foundation

/// The command line as the system passed it: bytes.
///
/// `CommandLine.arguments` (and so the argument parser) decodes every argument as UTF-8 with
/// U+FFFD in place of bytes that are not, so a file named `\xff.txt` would arrive as a
/// different, valid name: written, it would replace a file the user never named; read, it
/// would be "no such file". rxtrace's paths are Swift strings, which hold UTF-8 only, so an
/// argument that is not UTF-8 is refused before anything is parsed, read or written.
enum RawArguments {
    /// The first argument after the program's name whose bytes are not valid UTF-8: its
    /// position (1 for the first) and its bytes, escaped for a message.
    static func firstNotUTF8() -> (position: Int, escaped: String)? {
        let count = Int(CommandLine.argc)
        guard count > 1 else { return nil }
        for position in 1..<count {
            guard let argument = CommandLine.unsafeArgv[position] else { continue }
            let bytes = UnsafeRawBufferPointer(start: argument, count: strlen(argument))
            if String(validating: bytes, as: UTF8.self) == nil {
                return (position, escaped(bytes))
            }
        }
        return nil
    }

    /// The failure for an argument that is not UTF-8, or `nil` when every argument is.
    static func refusal() -> CommandFailure? {
        guard let (position, escaped) = firstNotUTF8() else { return nil }
        return CommandFailure(
            "argument \(position), \"\(escaped)\", is not valid UTF-8: rxtrace takes UTF-8 names only and never uses another name in its place (rename the file, or link to it under a UTF-8 name)"
        )
    }

    /// `bytes` with printable ASCII as it is and every other byte as `\xHH`.
    static func escaped(_ bytes: some Sequence<UInt8>) -> String {
        var text = ""
        for byte in bytes {
            if byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: "\\") && byte != UInt8(ascii: "\"") {
                text.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                text += "\\x" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16)
            }
        }
        return text
    }
}
