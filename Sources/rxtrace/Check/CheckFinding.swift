import RxTraceAnalysis

/// One reason a leak check fails, as CI formats show it: a leaking allocation site (with the
/// file and line of user code when its frame names one) or, without sites, a leaking type.
struct CheckFinding: Equatable {
    /// A short name: the site's frame or the type's readable name.
    let title: String
    /// The full explanation, one or more sentences.
    let message: String
    /// The source file: the one the program recorded for the site (`Module/File.swift`),
    /// until ``placingFile(with:)`` makes it a path in the repository.
    let file: String?
    /// The line in ``file``.
    let line: Int?
    /// The site's fingerprint as 16 hexadecimal digits, for a stable identity across runs.
    let fingerprint: String?
    /// The `#fileID` the program recorded, once ``file`` is a path in the repository.
    var fileID: String? = nil
    /// Why ``file`` is still the `#fileID`: it could not be placed in the repository.
    var unplacedReason: String? = nil

    /// The findings of a failing check: the new leaking sites when a baseline was applied,
    /// else every leaking site, else every leaking type; an inconclusive verdict under
    /// `--strict` is one finding without a location.
    static func findings(report: LeakReport, newLeaks: [LeakSite]?, fullTypeNames: Bool) -> [CheckFinding] {
        // The readable name is the one LeakTypeGrowth derives (the analysis keeps the rule).
        let name: (String) -> String = {
            fullTypeNames ? $0 : LeakTypeGrowth(name: $0, growth: 0, leaking: false, series: [], counts: []).displayName
        }
        switch report.verdict {
        case .clean:
            return []
        case .inconclusive:
            return [
                CheckFinding(
                    title: "inconclusive leak check", message: "inconclusive: \(report.reason)", file: nil, line: nil, fingerprint: nil)
            ]
        case .leaking:
            let sites = newLeaks ?? report.sites.filter { $0.leaked > 0 }
            if !sites.isEmpty {
                return sites.map { site in
                    let location = SourceLocationText.parse(site.userFrame)
                    let types = site.types.map { "\(name($0.name)) ×\($0.count)" }.joined(separator: ", ")
                    return CheckFinding(
                        title: "leak at \(site.userFrame)",
                        message:
                            "\(site.leaked) leaked resources allocated at \(site.userFrame) still alive (\(types))\(site.contextText); \(report.reason)",
                        file: location?.file,
                        line: location?.line,
                        fingerprint: site.fingerprintText
                    )
                }
            }
            return report.types.filter(\.leaking).map { type in
                CheckFinding(
                    title: "leaking \(name(type.name))",
                    message:
                        "\(name(type.name)) grew by +\(type.growth) each time it rose, in \(type.iterationsGrown) of \(report.iterations) repetitions; record with --sites for the lines that made them; \(report.reason)",
                    file: nil,
                    line: nil,
                    fingerprint: nil
                )
            }
        }
    }
}

/// Finds `File.swift:42` in an allocation site's user frame.
enum SourceLocationText {
    /// The file and line in `text`, or `nil` when it names none (a bare symbol).
    static func parse(_ text: String) -> (file: String, line: Int)? {
        guard let match = PatternMatch.first(#"([^\s:()\[\]]+\.swift):([0-9]+)"#, in: text),
            let file = match.groups[0], let line = match.groups[1].flatMap({ Int($0) })
        else { return nil }
        return (file, line)
    }
}
