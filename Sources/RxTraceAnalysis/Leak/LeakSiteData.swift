/// The allocation sites a leak check collected, with how they were captured.
public struct LeakSiteData: Sendable, Hashable, Codable {
    /// The sites; several entries with the same fingerprint are merged.
    public var sites: [LeakSiteSample]
    /// How the sites were captured.
    public var capture: LeakSiteCapture
    /// Which live resources the sites describe.
    public var scope: LeakSiteScope

    /// Creates site data.
    ///
    /// - Parameters:
    ///   - sites: The sites.
    ///   - capture: How they were captured; `.all` unless sampled.
    ///   - scope: Which live resources they describe; by default the last iteration's.
    public init(sites: [LeakSiteSample], capture: LeakSiteCapture = .all, scope: LeakSiteScope = .lastIteration) {
        self.sites = sites
        self.capture = capture
        self.scope = scope
    }
}
