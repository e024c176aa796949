import Foundation

/// `rxtrace check --format json`: the outcome and the leak report (the schema of
/// docs/report-json.md's `leak`) in one object.
enum CheckJSON {
    /// The document for `outcome`.
    static func text(_ outcome: CheckOutcome) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let leak = try JSONSerialization.jsonObject(with: encoder.encode(outcome.report))
        let findings: [[String: Any]] = outcome.findings.map { finding in
            var entry: [String: Any] = ["title": finding.title, "message": finding.message]
            if let file = finding.file {
                entry["file"] = file
                entry["fileID"] = finding.fileID ?? file
                entry["fileInRepository"] = finding.unplacedReason == nil && finding.fileID != nil
            }
            if let reason = finding.unplacedReason { entry["fileNotPlaced"] = reason }
            if let line = finding.line { entry["line"] = line }
            if let fingerprint = finding.fingerprint { entry["fingerprint"] = fingerprint }
            return entry
        }
        let root: [String: Any] = [
            "file": outcome.path,
            "result": outcome.result,
            "exitStatus": Int(outcome.status),
            "verdict": outcome.report.verdict.rawValue,
            "reason": outcome.reason,
            "findings": findings,
            "leak": leak,
        ]
        let data = try JSONSerialization.data(withJSONObject: root, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
