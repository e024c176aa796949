/// Turns allocation sites into findings: one per retained subscription.
///
/// The resources one subscription made are already one site (the core names them by the line
/// of its outermost entry point). What is left is which of the sites that grew together is
/// the cause. The core cannot see which closure captures the owner, so this ranks what it
/// knows: a subscription whose entry point took a user closure can capture the owner, a
/// binding to a relay, subject or `Binder` cannot, and resources made outside every
/// subscription (the owner's subjects and bag) are no subscription at all. The sites of the
/// highest kind present are the findings; every other site is folded into the first finding
/// as context ("kept alive with it"), its resources counted there. When no site belongs to a
/// subscription (sites recorded before subscriptions were, or only backtraces), every site
/// stays a finding of its own.
enum LeakFindings {
    /// The findings of `sites`, given in report order (most leaked first); the result keeps
    /// that order.
    static func grouped(_ sites: [LeakSite]) -> [LeakSite] {
        let growing = sites.filter { $0.leaked > 0 }
        let candidates = growing.isEmpty ? sites : growing
        guard let top = candidates.map(\.subscription).max(), top != .none else { return sites }
        var findings = sites.filter { $0.subscription == top && (growing.isEmpty || $0.leaked > 0) }
        let folded = sites.filter { site in !findings.contains { $0.fingerprint == site.fingerprint } }
        guard !findings.isEmpty, !folded.isEmpty else { return findings.isEmpty ? sites : findings }
        var first = findings[0]
        var types = Dictionary(first.types.map { ($0.name, $0.count) }, uniquingKeysWith: &+)
        for site in folded {
            first.count &+= site.count
            first.leaked &+= site.leaked
            for type in site.types {
                types[type.name, default: 0] &+= type.count
            }
            first.keptAlive.append(LeakSiteContext(userFrame: site.userFrame, subscription: site.subscription, count: site.count))
        }
        first.types = types.map { ResourceTypeCount(name: $0.key, count: $0.value) }
            .sorted { $0.count != $1.count ? $0.count > $1.count : $0.name < $1.name }
        findings[0] = first
        return findings
    }
}
