#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The `RXTRACE` variable as the process received it: bytes.
///
/// `ProcessInfo.environment` decodes each value as UTF-8 with U+FFFD in place of bytes that
/// are not, so a path such as `/tmp/\xff.rxtrace` would become another, valid name and the
/// dump would replace a file nobody named. Trace paths are strings, which hold UTF-8 only:
/// such a value is refused (tracing stays off, with one line saying why) instead.
enum TraceEnvironmentPath {
    /// Why `RXTRACE` cannot be used as it is, or `nil` when it is unset or valid UTF-8.
    static func refusal() -> String? {
        guard let value = getenv("RXTRACE") else { return nil }
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
        return "RXTRACE=\"\(escaped)\" is not valid UTF-8; a trace is never written under another name (give a UTF-8 path)"
    }
}
