/// Where live resources were allocated: one distinct stack, with how many resources of each
/// type allocated there were alive when the trace was written.
public struct TraceSite: Hashable, Sendable {
    /// A stable fingerprint of the stack, equal across runs of the same binary for the same
    /// code path (a hash of the symbolized frames), used by leak baselines.
    public var fingerprint: UInt64
    /// The index in ``TraceFile/strings`` of the first frame outside the package, as
    /// `File.swift:42` or a symbol name; the line of user code that made the resources.
    public var userFrame: UInt32
    /// String indices of the symbolized frames, innermost first.
    public var frames: [UInt32]
    /// The live resources allocated here, per type.
    public var live: [TraceTypeCount]
    /// The kind of subscription the resources were made for, from the site subscriptions
    /// section; ``TraceSiteSubscription/none`` in files without it.
    public var subscription: TraceSiteSubscription
    /// The lines of subscriptions made inside this one (a `subscribe` in a `create` closure):
    /// each entry's `name` is the string index of the line, its `count` the live resources it
    /// made. Empty in files without the site subscriptions section.
    public var nested: [TraceTypeCount]

    /// Creates a site.
    public init(
        fingerprint: UInt64,
        userFrame: UInt32,
        frames: [UInt32],
        live: [TraceTypeCount],
        subscription: TraceSiteSubscription = .none,
        nested: [TraceTypeCount] = []
    ) {
        self.fingerprint = fingerprint
        self.userFrame = userFrame
        self.frames = frames
        self.live = live
        self.subscription = subscription
        self.nested = nested
    }

    /// Whether the site has anything for the site subscriptions section.
    var hasSubscriptionDetail: Bool {
        subscription != .none || !nested.isEmpty
    }
}

/// Which kind of subscription a site's resources were made for (the u8 of the site
/// subscriptions section).
public enum TraceSiteSubscription: UInt8, Hashable, Sendable, CaseIterable {
    /// Made outside every `subscribe`, `bind`, `drive` or `emit` call, or not recorded.
    case none = 0
    /// A subscription whose entry point took observers, subjects, relays or `Binder`s.
    case binding = 1
    /// A subscription whose entry point took a user closure.
    case closure = 2
}
