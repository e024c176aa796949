import RxCore
import Testing

/// A leak found by `expectNoLeaks` or the `.resourceBalanced` trait, recorded as the issue's
/// error so the text is the issue's headline.
///
/// Swift Testing shows an issue recorded from a plain comment as "Issue recorded", with the
/// comment on the lines below it; an issue recorded from an error shows the error's
/// description in the headline. The leak's text is the description, so the console line,
/// the IDE's annotation and a known-issue matcher all see the leak itself.
struct LeakIssue: Error, CustomStringConvertible {
    /// The leak, as the assertion words it (several lines).
    let description: String

    /// Records the leak as an issue at `sourceLocation`.
    static func record(_ message: String, sourceLocation: SourceLocation) {
        Issue.record(LeakIssue(description: message), sourceLocation: sourceLocation)
    }

    /// Records that this build cannot count resources, when it cannot: a warning (the check is
    /// skipped, visibly), or a failure in CI without the opt-out (``UncountedLeakCheck``).
    static func recordIfUncounted(sourceLocation: SourceLocation) {
        guard !Resources.isEnabled else { return }
        recordUncounted(UncountedLeakCheck.outcome(), sourceLocation: sourceLocation)
    }

    /// Records `outcome` of an uncounted check at `sourceLocation`.
    static func recordUncounted(_ outcome: UncountedLeakCheck, sourceLocation: SourceLocation) {
        switch outcome {
        case .skip(let reason):
            Issue.record(Comment(rawValue: reason), severity: .warning, sourceLocation: sourceLocation)
        case .fail(let message):
            record(message, sourceLocation: sourceLocation)
        }
    }
}
