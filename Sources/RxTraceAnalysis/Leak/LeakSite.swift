/// One distinct allocation site in a leak report: the resources allocated there that were
/// alive when the sites were collected, merged by fingerprint.
///
/// In JSON the fingerprint is a string of 16 lowercase hexadecimal digits (a 64-bit number
/// does not survive a JavaScript or `jq` reader), for example `"00000000c0ffee42"`.
public struct LeakSite: Sendable, Hashable, Codable {
    /// The stack's fingerprint; leak baselines refer to sites by it.
    public var fingerprint: UInt64
    /// The first frame outside the package: the line of user code that made the resources.
    public var userFrame: String
    /// The symbolized frames, innermost first.
    public var frames: [String]
    /// The live resources from this site, per type, the largest count first.
    public var types: [ResourceTypeCount]
    /// The live resources from this site, all types.
    public var count: Int
    /// The live resources from this site whose type leaks (keeps growing).
    ///
    /// With ``LeakSiteScope/lastIteration`` sites this is the number leaked per iteration.
    public var leaked: Int
    /// The kind of subscription the site's own resources were made for: a finding named by a
    /// subscription's line is one retained subscription.
    public var subscription: LeakSubscriptionKind
    /// The lines of subscriptions made inside this one from user code (a `subscribe` in a
    /// `create` closure), with their live counts: where a forgotten inner subscription was made.
    public var nested: [ResourceTypeCount]
    /// The sites folded into this finding: resources that grew with it but are not a leak of
    /// their own (bindings sharing the owner's dispose bag, the owner's subjects and bag). Their
    /// resources are counted in ``types``, ``count`` and ``leaked``.
    public var keptAlive: [LeakSiteContext]

    /// The fingerprint as 16 lowercase hexadecimal digits.
    public var fingerprintText: String {
        let digits = String(fingerprint, radix: 16)
        return String(repeating: "0", count: max(0, 16 - digits.count)) + digits
    }

    /// Creates a site entry.
    public init(
        fingerprint: UInt64,
        userFrame: String,
        frames: [String],
        types: [ResourceTypeCount],
        count: Int,
        leaked: Int,
        subscription: LeakSubscriptionKind = .none,
        nested: [ResourceTypeCount] = [],
        keptAlive: [LeakSiteContext] = []
    ) {
        self.fingerprint = fingerprint
        self.userFrame = userFrame
        self.frames = frames
        self.types = types
        self.count = count
        self.leaked = leaked
        self.subscription = subscription
        self.nested = nested
        self.keptAlive = keptAlive
    }

    private enum CodingKeys: String, CodingKey {
        case fingerprint
        case userFrame
        case frames
        case types
        case count
        case leaked
        case subscription
        case nested
        case keptAlive
    }

    /// Decodes a site; the fingerprint is a hexadecimal string.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let text = try container.decode(String.self, forKey: .fingerprint)
        guard let fingerprint = UInt64(text, radix: 16) else {
            throw DecodingError.dataCorruptedError(
                forKey: .fingerprint,
                in: container,
                debugDescription: "a fingerprint is up to 16 hexadecimal digits, not \(text)"
            )
        }
        self.fingerprint = fingerprint
        userFrame = try container.decode(String.self, forKey: .userFrame)
        frames = try container.decode([String].self, forKey: .frames)
        types = try container.decode([ResourceTypeCount].self, forKey: .types)
        count = try container.decode(Int.self, forKey: .count)
        leaked = try container.decode(Int.self, forKey: .leaked)
        subscription = try container.decodeIfPresent(LeakSubscriptionKind.self, forKey: .subscription) ?? .none
        nested = try container.decodeIfPresent([ResourceTypeCount].self, forKey: .nested) ?? []
        keptAlive = try container.decodeIfPresent([LeakSiteContext].self, forKey: .keptAlive) ?? []
    }

    /// Encodes a site; the fingerprint as a hexadecimal string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(fingerprintText, forKey: .fingerprint)
        try container.encode(userFrame, forKey: .userFrame)
        try container.encode(frames, forKey: .frames)
        try container.encode(types, forKey: .types)
        try container.encode(count, forKey: .count)
        try container.encode(leaked, forKey: .leaked)
        // Left out for sites of no subscription, so reports without subscriptions read as before.
        if subscription != .none {
            try container.encode(subscription, forKey: .subscription)
        }
        if !nested.isEmpty {
            try container.encode(nested, forKey: .nested)
        }
        if !keptAlive.isEmpty {
            try container.encode(keptAlive, forKey: .keptAlive)
        }
    }
}

extension LeakSite {
    /// What a one-line message adds after the site's types: the nested subscriptions made
    /// inside it and the sites kept alive with it, each with its line; empty when there are none.
    public var contextText: String {
        var parts: [String] = []
        if !nested.isEmpty {
            parts.append("made inside it: " + nested.map { "the subscription at \($0.name)" }.joined(separator: ", "))
        }
        if !keptAlive.isEmpty {
            parts.append("kept alive with it: " + keptAlive.map(\.text).joined(separator: ", "))
        }
        return parts.isEmpty ? "" : "; " + parts.joined(separator: "; ")
    }
}
