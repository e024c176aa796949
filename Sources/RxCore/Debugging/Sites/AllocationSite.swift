/// One place where live resources were allocated, with how many of each type are still alive.
///
/// A site is one distinct path to an allocation: a backtrace (when sites are captured) and the
/// user's line. Backtraces that differ only below the user's frame (how the test runner or
/// the event loop reached that line) are merged into one site. The fields map one to one onto
/// the trace file's `TraceSite`.
public struct AllocationSite: Sendable, Hashable {
    /// A stable hash of the site: of its symbolized frames from the allocation down to the
    /// user's frame (symbol names and lines, no addresses) and of its call site. Equal across
    /// runs of the same binary for the same code path, so leak baselines can list it.
    public var fingerprint: UInt64
    /// The line of user code that made the resources, as `Module/File.swift:42`; a symbol
    /// name when the binary has no line tables; `(unknown site)` when neither a backtrace nor
    /// a call site was recorded.
    public var userFrame: String
    /// The symbolized frames, innermost first, each as `function at File.swift:42` (or the
    /// image and offset when no symbol is known); empty when no backtrace was taken.
    public var frames: [String]
    /// The live resources allocated here, per type name (as ``ResourceSnapshot/types`` names
    /// them).
    public var live: [String: Int]
    /// The kind of subscription these resources were made for; ``AllocationSiteSubscription/none``
    /// for resources made outside every `subscribe`, `bind`, `drive` or `emit` call.
    ///
    /// The resources of one subscription form one site, named by the line of its outermost
    /// entry point, whichever line allocated each of them.
    public var subscription: AllocationSiteSubscription
    /// The lines of the subscriptions made inside this one from user code (a `subscribe` in a
    /// `create` closure), with how many of the site's live resources each made.
    public var nestedCallSites: [String: Int]

    /// Creates a site.
    ///
    /// - Parameters:
    ///   - fingerprint: The stable hash of the site.
    ///   - userFrame: The line of user code that made the resources.
    ///   - frames: The symbolized frames, innermost first.
    ///   - live: The live resources per type name.
    ///   - subscription: The kind of subscription they were made for.
    ///   - nestedCallSites: The lines of nested subscriptions, with their live counts.
    public init(
        fingerprint: UInt64,
        userFrame: String,
        frames: [String],
        live: [String: Int],
        subscription: AllocationSiteSubscription = .none,
        nestedCallSites: [String: Int] = [:]
    ) {
        self.fingerprint = fingerprint
        self.userFrame = userFrame
        self.frames = frames
        self.live = live
        self.subscription = subscription
        self.nestedCallSites = nestedCallSites
    }

    /// The number of live resources allocated here, of all types.
    public var total: Int {
        live.values.reduce(0, +)
    }

    /// Whether the site has a backtrace (rather than only a call site).
    public var hasBacktrace: Bool {
        !frames.isEmpty
    }
}

extension AllocationSite: CustomStringConvertible {
    /// `N live at <user frame>`, then one line per type and one per frame.
    public var description: String {
        var lines = ["\(total) live at \(userFrame) [\(String(fingerprint, radix: 16))]"]
        lines += live.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.map { "  \($0.key): \($0.value)" }
        lines += frames.map { "    \($0)" }
        return lines.joined(separator: "\n")
    }
}
