import Foundation

/// `rxtrace check --format junit`: one test suite whose test cases a CI server lists as
/// tests, one failed case per finding, or one passed case when the check passes.
enum JUnitReport {
    /// The XML document for `outcome`.
    static func text(_ outcome: CheckOutcome) -> String {
        let suite = "rxtrace check " + outcome.path
        var cases: [String] = []
        if outcome.findings.isEmpty {
            cases.append(
                "    <testcase classname=\"\(escape(suite))\" name=\"no leaks\">\n      <system-out>\(escape(outcome.reason))</system-out>\n    </testcase>"
            )
        } else {
            for finding in outcome.findings {
                let location =
                    finding.file.map { file in " file=\"\(escape(file))\"" + (finding.line.map { " line=\"\($0)\"" } ?? "") } ?? ""
                cases.append(
                    """
                        <testcase classname="\(escape(suite))" name="\(escape(finding.title))"\(location)>
                          <failure message="\(escape(finding.title))" type="leak">\(escape(finding.message))</failure>
                        </testcase>
                    """)
            }
        }
        let failures = outcome.findings.count
        let tests = max(failures, 1)
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites name="rxtrace" tests="\(tests)" failures="\(failures)" errors="0">
              <testsuite name="\(escape(suite))" tests="\(tests)" failures="\(failures)" errors="0" skipped="0">
            \(cases.joined(separator: "\n"))
              </testsuite>
            </testsuites>

            """
    }

    /// Text for an attribute or element: the five XML specials, and control characters XML
    /// 1.0 forbids replaced.
    static func escape(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&apos;"
            case "\n": escaped += "&#10;"
            case "\t": escaped += "&#9;"
            default:
                escaped.unicodeScalars.append(scalar.value < 0x20 ? "\u{FFFD}" : scalar)
            }
        }
        return escaped
    }
}
