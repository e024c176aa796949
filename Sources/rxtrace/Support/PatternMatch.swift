import Foundation

/// A match of a regular expression in a text: where it is and what its groups captured.
///
/// On `NSRegularExpression` (ICU syntax) because Swift's `Regex` needs macOS 13 / iOS 16, and
/// the executable is built for the package floor, macOS 10.13.
struct PatternMatch {
    /// Where the whole match is in the text searched.
    let range: Range<String.Index>
    /// Each capture group's text, in order; `nil` for a group that took no part in the match.
    let groups: [String?]

    /// Every match of `pattern` in `text`, left to right and not overlapping.
    static func all(_ pattern: String, in text: String) -> [PatternMatch] {
        let expression: NSRegularExpression
        do {
            expression = try NSRegularExpression(pattern: pattern)
        } catch {
            preconditionFailure("invalid pattern \(pattern): \(error)")
        }
        return expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { result in
            guard let range = Range(result.range, in: text) else { return nil }
            let groups = (1..<max(result.numberOfRanges, 1)).map { group in
                Range(result.range(at: group), in: text).map { String(text[$0]) }
            }
            return PatternMatch(range: range, groups: groups)
        }
    }

    /// The first match of `pattern` in `text`, or `nil`.
    static func first(_ pattern: String, in text: String) -> PatternMatch? {
        all(pattern, in: text).first
    }
}
