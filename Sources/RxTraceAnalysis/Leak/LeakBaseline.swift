/// Leaks a project has accepted for now, by allocation-site fingerprint, so that a CI gate fails
/// only on new ones.
///
/// A baseline is a text file with one fingerprint (16 hexadecimal digits, as reports print
/// them) per line; anything after the fingerprint is a note, usually the site's user frame.
/// Blank lines and lines starting with `#` are ignored:
///
/// ```text
/// # Accepted leaks: the login screen's timer, tracked in #412.
/// 7f3a09c1d2e4b658  Login/LoginViewModel.swift:88
/// ```
///
/// ``init(accepting:)`` writes one from a report's leaking sites; ``evaluate(_:)`` applies one
/// to a report. Fingerprints are hashes of symbol names and lines (no addresses), so they stay
/// the same across runs of the same code, and a call site's fingerprint across builds.
public struct LeakBaseline: Sendable, Hashable {
    /// One accepted leak.
    public struct Entry: Sendable, Hashable {
        /// The site's fingerprint.
        public var fingerprint: UInt64
        /// The note after the fingerprint (usually the user frame); empty when there is none.
        public var note: String

        /// Creates an entry.
        public init(fingerprint: UInt64, note: String = "") {
            self.fingerprint = fingerprint
            self.note = note
        }
    }

    /// The accepted leaks, in file order.
    public var entries: [Entry]

    /// Creates a baseline from its entries.
    public init(entries: [Entry] = []) {
        self.entries = entries
    }

    /// A baseline that accepts every site of `report` that holds leaked resources, each with
    /// its user frame as the note.
    ///
    /// - Parameter report: A leak report with allocation sites.
    public init(accepting report: LeakReport) {
        entries = report.sites.filter { $0.leaked > 0 }.map {
            Entry(fingerprint: $0.fingerprint, note: $0.userFrame)
        }
    }

    /// Reads a baseline from its text.
    ///
    /// - Parameter text: The file's contents.
    /// - Throws: ``LeakBaselineError`` naming the first line that is not a fingerprint.
    public init(parsing text: String) throws(LeakBaselineError) {
        var entries: [Entry] = []
        var lineNumber = 0
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            let line = rawLine.drop { $0 == " " || $0 == "\t" }.prefix { $0 != "\r" }
            if line.isEmpty || line.hasPrefix("#") { continue }
            let word = line.prefix { $0 != " " && $0 != "\t" }
            guard word.count <= 16, word.allSatisfy(\.isHexDigit), let fingerprint = UInt64(word, radix: 16) else {
                throw LeakBaselineError(line: lineNumber, text: String(line.prefix(60)))
            }
            let note = line.dropFirst(word.count).drop { $0 == " " || $0 == "\t" }
            entries.append(Entry(fingerprint: fingerprint, note: String(note)))
        }
        self.entries = entries
    }

    /// The baseline as file text: a header comment, then one line per entry.
    public var text: String {
        var lines = [
            "# rxtrace leak baseline: accepted leaks by allocation-site fingerprint.",
            "# A leak check fails only on leaking sites not listed here.",
        ]
        for entry in entries {
            let digits = String(entry.fingerprint, radix: 16)
            let padded = String(repeating: "0", count: max(0, 16 - digits.count)) + digits
            lines.append(entry.note.isEmpty ? padded : "\(padded)  \(entry.note)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Whether the baseline accepts the site with `fingerprint`.
    public func contains(_ fingerprint: UInt64) -> Bool {
        entries.contains { $0.fingerprint == fingerprint }
    }

    /// Applies the baseline to a report: which leaking sites it accepts, which are new, and
    /// whether the check passes.
    ///
    /// A report that is not ``LeakVerdict/leaking`` passes. A leaking one passes only when
    /// the baseline accounts for all of it: it has allocation sites, every site holding
    /// leaked resources is accepted, and (unless the sites are a sample) those sites hold at
    /// least the growth per iteration. A leak whose resources have no site is never covered.
    ///
    /// - Parameter report: The report to judge.
    /// - Returns: The judgement with the sites sorted into new and accepted.
    public func evaluate(_ report: LeakReport) -> LeakBaselineEvaluation {
        let leaking = report.sites.filter { $0.leaked > 0 }
        let accepted = leaking.filter { contains($0.fingerprint) }
        let new = leaking.filter { !contains($0.fingerprint) }
        guard report.verdict == .leaking else {
            return LeakBaselineEvaluation(report: report, passes: true, newLeaks: new, acceptedLeaks: accepted, reason: "no leak")
        }
        if leaking.isEmpty {
            return LeakBaselineEvaluation(
                report: report,
                passes: false,
                newLeaks: [],
                acceptedLeaks: [],
                reason:
                    "the report has no allocation sites for the leak, so the baseline cannot match it; capture sites (RXTRACE_SITES=calls or 1)"
            )
        }
        if !new.isEmpty {
            let count = new.count == 1 ? "1 leaking site is" : "\(new.count) leaking sites are"
            return LeakBaselineEvaluation(
                report: report, passes: false, newLeaks: new, acceptedLeaks: accepted, reason: "\(count) not in the baseline")
        }
        let covered = accepted.reduce(0) { $0 &+ $1.leaked }
        if !report.sitesSampled, covered < report.growthPerIteration {
            return LeakBaselineEvaluation(
                report: report,
                passes: false,
                newLeaks: [],
                acceptedLeaks: accepted,
                reason:
                    "the accepted sites hold \(covered) leaked resources, fewer than the \(report.growthPerIteration) leaked per iteration: some leaked resources have no site"
            )
        }
        let count = accepted.count == 1 ? "the 1 leaking site is" : "all \(accepted.count) leaking sites are"
        return LeakBaselineEvaluation(
            report: report, passes: true, newLeaks: [], acceptedLeaks: accepted, reason: "\(count) in the baseline")
    }
}

/// A baseline applied to a leak report: see ``LeakBaseline/evaluate(_:)``.
public struct LeakBaselineEvaluation: Sendable, Hashable {
    /// The report that was judged.
    public let report: LeakReport
    /// Whether the check passes: no leak, or only leaks the baseline accepts.
    public let passes: Bool
    /// Leaking sites the baseline does not list.
    public let newLeaks: [LeakSite]
    /// Leaking sites the baseline lists.
    public let acceptedLeaks: [LeakSite]
    /// Why it passes or fails, in one sentence without a final period.
    public let reason: String
}

/// A baseline file line that is not a fingerprint.
public struct LeakBaselineError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The line's number, from 1.
    public let line: Int
    /// The start of the line.
    public let text: String

    /// Creates the error for line `line` (from 1) that starts with `text`.
    public init(line: Int, text: String) {
        self.line = line
        self.text = text
    }

    /// `line N: "..." is not a site fingerprint (16 hexadecimal digits)`.
    public var description: String {
        "line \(line): \"\(text)\" is not a site fingerprint (up to 16 hexadecimal digits)"
    }
}
