#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension TraceSummary {
    /// The summary as the JSON of `rxtrace report --format json`: UTF-8, keys sorted, two-space
    /// indentation when `pretty`, no escaped slashes. The schema is in `docs/report-json.md`.
    ///
    /// - Parameter pretty: Whether to indent (the default) or write one line.
    public func jsonData(pretty: Bool = true) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting =
            pretty ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }

    /// The summary as JSON text; see ``jsonData(pretty:)``.
    public func jsonText(pretty: Bool = true) throws -> String {
        String(decoding: try jsonData(pretty: pretty), as: UTF8.self)
    }

    /// Reads a summary back from its JSON.
    ///
    /// - Parameter json: The JSON written by ``jsonData(pretty:)``.
    /// - Throws: `DecodingError` when it is not such JSON.
    public init(json: Data) throws {
        self = try JSONDecoder().decode(TraceSummary.self, from: json)
    }
}
