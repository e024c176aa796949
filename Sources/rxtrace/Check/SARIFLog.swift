import Foundation

/// `rxtrace check --format sarif`: a SARIF 2.1.0 log with one result per finding, located at
/// the allocation site's file and line when the site names them.
enum SARIFLog {
    /// The rule every result refers to.
    static let ruleID = "rxtrace/resource-leak"

    /// The JSON document for `outcome`.
    static func text(_ outcome: CheckOutcome, version: String) throws -> String {
        let results: [[String: Any]] = outcome.findings.map { finding in
            var result: [String: Any] = [
                "ruleId": ruleID,
                "ruleIndex": 0,
                "level": "error",
                "message": ["text": finding.message],
            ]
            if let file = finding.file {
                // Only a path placed in the repository is relative to its root; a `#fileID`
                // left as it was gets no base, so no viewer takes it for one.
                let placed = finding.fileID != nil && finding.unplacedReason == nil
                let artifact: [String: Any] = placed ? ["uri": file, "uriBaseId": "%SRCROOT%"] : ["uri": file]
                var physical: [String: Any] = ["artifactLocation": artifact]
                if let line = finding.line { physical["region"] = ["startLine": max(line, 1)] }
                result["locations"] = [["physicalLocation": physical]]
            }
            if let fingerprint = finding.fingerprint {
                result["partialFingerprints"] = ["rxtraceAllocationSite/v1": fingerprint]
            }
            return result
        }
        let rule: [String: Any] = [
            "id": ruleID,
            "name": "ResourceLeak",
            "shortDescription": ["text": "Rx resources that keep growing over the repetitions of a scenario"],
            "fullDescription": [
                "text":
                    "Live resource counts at the trace's marks kept rising after the warm-up: subscriptions or sinks that are never disposed (docs/leaks.md)."
            ],
            "defaultConfiguration": ["level": "error"],
        ]
        let log: [String: Any] = [
            "$schema": "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json",
            "version": "2.1.0",
            "runs": [
                [
                    "tool": ["driver": ["name": "rxtrace", "version": version, "rules": [rule]]],
                    "artifacts": [["location": ["uri": outcome.path]]],
                    "invocations": [["executionSuccessful": true, "exitCode": Int(outcome.status)]],
                    "results": results,
                ] as [String: Any]
            ],
        ]
        let data = try JSONSerialization.data(withJSONObject: log, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
