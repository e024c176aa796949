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
}
