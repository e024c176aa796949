import Foundation

/// The `partialSuccess` of an `ExportTraceServiceResponse` (OTLP/JSON): a collector that
/// answered 200 but dropped some spans says how many and why.
///
/// Without reading it an export called every span delivered when the collector had rejected
/// some (issue 27).
struct OTLPPartialSuccess: Equatable {
    /// How many spans of the request the collector rejected.
    var rejectedSpans: Int64
    /// The collector's reason, possibly empty.
    var errorMessage: String

    /// The partial success in a 2xx answer's body, or `nil` when the body says none (an empty
    /// body, `{}`, or something that is not JSON: the request was taken whole).
    init?(answerBody body: Data) {
        guard let root = try? JSONSerialization.jsonObject(with: body) as? [String: Any],
            let partial = root["partialSuccess"] as? [String: Any]
        else { return nil }
        // int64 is a string in the protobuf JSON mapping; some collectors write a number.
        let rejected: Int64? =
            switch partial["rejectedSpans"] {
            case let text as String: Int64(text)
            case let number as NSNumber: number.int64Value
            default: nil
            }
        let message = partial["errorMessage"] as? String ?? ""
        guard (rejected ?? 0) != 0 || !message.isEmpty else { return nil }
        rejectedSpans = rejected ?? 0
        errorMessage = message
    }
}
