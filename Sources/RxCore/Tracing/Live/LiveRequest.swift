import Foundation
internal import RxTraceFormat

/// One request line of the live channel's protocol (`docs/live.md`): the protocol version,
/// then what is asked, such as `v1 snapshot-json`, `v1 mark after login`, `v1 dump /tmp/a.rxtrace`.
enum LiveRequest: Equatable {
    /// The live state as one JSON document (``LiveSnapshot``).
    case snapshot
    /// Record a mark with this label, as `Trace.mark` does.
    case mark(String)
    /// Write the trace now to this absolute path, as `Trace.dump(to:)` does.
    case dump(String)

    /// The longest request line taken, in bytes; a longer one is refused.
    static let maximumLength = 4096

    /// The request in `line` (without its line feed), or the one-line error to answer.
    static func parse(_ line: [UInt8]) -> Result<LiveRequest, LiveRequestError> {
        var bytes = line[...]
        if bytes.last == UInt8(ascii: "\r") { bytes = bytes.dropLast() }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            return .failure(LiveRequestError("the request is not UTF-8 text"))
        }
        let version = "v\(LiveChannelLocation.protocolVersion)"
        let parts = text.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
        guard let first = parts.first, first.hasPrefix("v"), first.count > 1, first.dropFirst().allSatisfy(\.isNumber) else {
            return .failure(LiveRequestError("a request starts with the protocol version, such as `\(version) snapshot-json`"))
        }
        guard first == version else {
            return .failure(LiveRequestError("protocol \(first) is not spoken here; this program speaks \(version)"))
        }
        let command = parts.count > 1 ? String(parts[1]) : ""
        let argument = parts.count > 2 ? String(parts[2]) : ""
        switch command {
        case "snapshot-json":
            guard parts.count == 2 else { return .failure(LiveRequestError("snapshot-json takes no argument")) }
            return .success(.snapshot)
        case "mark":
            guard !argument.trimmingCharacters(in: .whitespaces).isEmpty else {
                return .failure(LiveRequestError("mark needs a label: `\(version) mark LABEL`"))
            }
            guard !argument.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
                return .failure(LiveRequestError("a mark's label holds no control characters"))
            }
            return .success(.mark(argument))
        case "dump":
            guard argument.hasPrefix("/") else {
                return .failure(LiveRequestError("dump needs an absolute path: `\(version) dump /path/to/file.rxtrace`"))
            }
            return .success(.dump(argument))
        default:
            return .failure(LiveRequestError("unknown request `\(command)`; known: snapshot-json, mark LABEL, dump PATH"))
        }
    }
}

/// Why a request was refused: the text of its one-line `error: ...` answer.
struct LiveRequestError: Error, Equatable {
    let message: String

    init(_ message: String) { self.message = message }
}
