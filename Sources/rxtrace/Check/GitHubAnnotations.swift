import Foundation

/// `rxtrace check --format github`: GitHub Actions workflow commands, one `::error` per
/// finding (with `file` and `line` when the site names them), or a `::notice` when it passes.
enum GitHubAnnotations {
    /// The commands for `outcome`, one per line.
    static func text(_ outcome: CheckOutcome) -> String {
        guard !outcome.findings.isEmpty else {
            return "::notice title=rxtrace check::\(escapeData("\(outcome.path): \(outcome.reason)"))\n"
        }
        return outcome.findings.map { finding in
            var properties: [String] = []
            if let file = finding.file { properties.append("file=\(escapeProperty(file))") }
            if let line = finding.line { properties.append("line=\(line)") }
            properties.append("title=\(escapeProperty("rxtrace: " + finding.title))")
            return "::error \(properties.joined(separator: ","))::\(escapeData(finding.message))"
        }.joined(separator: "\n") + "\n"
    }

    /// A message: `%`, CR and LF are escaped as the runner expects.
    static func escapeData(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D").replacingOccurrences(
            of: "\n", with: "%0A")
    }

    /// A property value: also `:` and `,`, which separate properties.
    static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
