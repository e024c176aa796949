#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The trace path as the process received it, in `RXTRACE` or `--rxtrace=PATH`: bytes.
///
/// `ProcessInfo.environment` and `CommandLine.arguments` decode each value as UTF-8 with
/// U+FFFD in place of bytes that are not, so a path such as `/tmp/\xff.rxtrace` would become
/// another, valid name and the dump would replace a file nobody named. Trace paths are
/// strings, which hold UTF-8 only: such a path is refused (tracing stays off, with one line
/// saying why) instead.
enum TracePathBytes {
    /// Why `RXTRACE` cannot be used as it is, or `nil` when it is unset or valid UTF-8.
    static func environmentRefusal() -> String? {
        guard let value = getenv("RXTRACE") else { return nil }
        return refusal(of: value, named: "RXTRACE=")
    }

    /// Why the process's `--rxtrace=PATH` argument cannot be used as it is, or `nil` when it
    /// has none or its bytes are valid UTF-8.
    static func argumentRefusal() -> String? {
        let flag = Array("--rxtrace=".utf8)
        for position in 1..<max(1, Int(CommandLine.argc)) {
            guard let argument = CommandLine.unsafeArgv[position] else { continue }
            let matches = flag.indices.allSatisfy { UInt8(bitPattern: argument[$0]) == flag[$0] }
            if matches, let refusal = refusal(of: argument + flag.count, named: "--rxtrace=") { return refusal }
        }
        return nil
    }

    /// `<name>"<value, escaped>" is not valid UTF-8 ...`, or `nil` when `value` is UTF-8.
    private static func refusal(of value: UnsafePointer<CChar>, named name: String) -> String? {
        guard String(validatingCString: value) == nil else { return nil }
        var escaped = ""
        var cursor = value
        while cursor.pointee != 0 {
            let byte = UInt8(bitPattern: cursor.pointee)
            if byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: "\\") && byte != UInt8(ascii: "\"") {
                escaped.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                escaped += "\\x" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16)
            }
            cursor += 1
        }
        return "\(name)\"\(escaped)\" is not valid UTF-8; a trace is never written under another name (give a UTF-8 path)"
    }
}
