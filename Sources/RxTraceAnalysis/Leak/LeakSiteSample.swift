/// One allocation site with the resources allocated there that were still alive when the
/// sites were collected.
///
/// Sites with the same ``fingerprint`` are the same stack; a ``LeakAnalysis`` merges them.
public struct LeakSiteSample: Sendable, Hashable, Codable {
    /// A stable fingerprint of the stack (the same code path gives the same value across runs
    /// of the same binary).
    public var fingerprint: UInt64
    /// The first frame outside the package, such as `Main.swift:42`: the line of user code
    /// that made the resources.
    public var userFrame: String
    /// The symbolized frames, innermost first.
    public var frames: [String]
    /// The live resources allocated here, per type name.
    public var live: [String: Int]
    /// The kind of subscription the resources were made for (`none` when unknown).
    public var subscription: LeakSubscriptionKind
    /// The lines of subscriptions made inside this one (a `subscribe` in a `create` closure),
    /// with their live counts.
    public var nested: [String: Int]

    /// Creates a site sample.
    ///
    /// - Parameters:
    ///   - fingerprint: The stack's fingerprint.
    ///   - userFrame: The first frame outside the package.
    ///   - frames: The symbolized frames, innermost first.
    ///   - live: The live resources allocated here, per type name.
    ///   - subscription: The kind of subscription the resources were made for.
    ///   - nested: The lines of nested subscriptions, with their live counts.
    public init(
        fingerprint: UInt64,
        userFrame: String,
        frames: [String] = [],
        live: [String: Int],
        subscription: LeakSubscriptionKind = .none,
        nested: [String: Int] = [:]
    ) {
        self.fingerprint = fingerprint
        self.userFrame = userFrame
        self.frames = frames
        self.live = live
        self.subscription = subscription
        self.nested = nested
    }

    private enum CodingKeys: String, CodingKey {
        case fingerprint, userFrame, frames, live, subscription, nested
    }

    /// Decodes a sample; `subscription` and `nested` may be missing (written before they were).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        fingerprint = try container.decode(UInt64.self, forKey: .fingerprint)
        userFrame = try container.decode(String.self, forKey: .userFrame)
        frames = try container.decode([String].self, forKey: .frames)
        live = try container.decode([String: Int].self, forKey: .live)
        subscription = try container.decodeIfPresent(LeakSubscriptionKind.self, forKey: .subscription) ?? .none
        nested = try container.decodeIfPresent([String: Int].self, forKey: .nested) ?? [:]
    }
}
