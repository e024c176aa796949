/// A site folded into a finding: resources that grew with a retained subscription but are not
/// a leak of their own (a binding that shares the owner's dispose bag, the owner's subjects).
public struct LeakSiteContext: Sendable, Hashable, Codable {
    /// The site's line of user code, or `(unknown site)`.
    public var userFrame: String
    /// The kind of subscription the site's resources were made for.
    public var subscription: LeakSubscriptionKind
    /// The site's live resources.
    public var count: Int

    /// Creates a folded site.
    public init(userFrame: String, subscription: LeakSubscriptionKind, count: Int) {
        self.userFrame = userFrame
        self.subscription = subscription
        self.count = count
    }
}

extension LeakSiteContext {
    /// `binding App/File.swift:22 (2)`: what it is, its line and its live resources.
    public var text: String {
        let what: String
        switch subscription {
        case .none: what = ""
        case .binding: what = "binding "
        case .closure: what = "subscription "
        }
        return "\(what)\(userFrame) (\(count))"
    }
}
