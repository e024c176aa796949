/// The likely cause of a leak, named from the report's own data, with what to do about it.
///
/// A hint is given only when the evidence supports it: the types that keep growing say which
/// pattern it is (``LeakPattern``), and the allocation site of those types says where. A
/// retain cycle reads:
///
/// ```text
/// Likely cause: the subscription at Screen.swift:25 is alive together with the dispose bag it
/// was added to: a closure probably captures its owner; use `subscribe(with:)` or `[weak self]`
/// ```
public struct LeakHint: Sendable, Hashable, Codable {
    /// The pattern the growth matches.
    public var pattern: LeakPattern
    /// The line of user code the hint is about (a site's `userFrame`), or `nil` when the
    /// sites were not captured or none holds the growing types.
    public var site: String?
    /// The hint for people: what is alive, why it probably is, and what to use instead.
    public var text: String

    /// Creates a hint.
    public init(pattern: LeakPattern, site: String?, text: String) {
        self.pattern = pattern
        self.site = site
        self.text = text
    }
}
