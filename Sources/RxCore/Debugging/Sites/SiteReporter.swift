#if TraceResources
/// Answers queries over the side table: counts per type and per site, for one scope or all.
enum SiteReporter {
    /// The live entries allocated in `scope` (or its nested scopes; any scope when `nil`) after
    /// `moment` (any time when `nil`).
    static func entries(scope: ResourceScope?, after moment: AllocationMoment?) -> [LiveResourceEntry] {
        let scopes = scope.map { ScopeRegistry.shared.scopeAndDescendants($0.id) }
        let after = moment?.sequence ?? 0
        return LiveResourceTable.shared.entries { entry in
            entry.sequence > after && (scopes?.contains(entry.scope) ?? true)
        }
    }

    /// The live counts per type of a scope's resources.
    static func snapshot(scope: ResourceScope?, after moment: AllocationMoment?) -> ResourceSnapshot {
        var names = TypeNames()
        var types: [String: Int] = [:]
        let live = entries(scope: scope, after: moment)
        for entry in live {
            types[names.name(of: entry.type), default: 0] += 1
        }
        return ResourceSnapshot(total: live.count, types: types)
    }

    /// The live sites, grouped by fingerprint, largest first.
    static func report(scope: ResourceScope?, after moment: AllocationMoment?) -> AllocationSiteReport {
        struct Group: Hashable {
            var stack: UInt32
            var callSite: UInt32
            /// The call site of the subscription's outermost entry point; 0 for none.
            var rootCallSite: UInt32
            var tookClosure: Bool
        }
        var groups: [Group: [ObjectIdentifier: Int]] = [:]
        var types: [ObjectIdentifier: any AnyObject.Type] = [:]
        var sampled = false
        var hasStacks = false
        let live = entries(scope: scope, after: moment)
        let forgotten = forgottenNestedCallSites(live)
        for entry in live {
            let type = ObjectIdentifier(entry.type)
            types[type] = entry.type
            var group = Group(
                stack: entry.stack,
                callSite: entry.callSite,
                rootCallSite: entry.rootCallSite,
                tookClosure: entry.tookClosure
            )
            if let nested = forgotten[entry.subscription] {
                // The outer subscription was disposed: the nested one is the leak, named by its
                // own line, and the outer one's resources are what it keeps alive.
                group.rootCallSite = nested
                group.callSite = nested
                group.tookClosure = true
            }
            groups[group, default: [:]][type, default: 0] += 1
            sampled = sampled || entry.sampled
            hasStacks = hasStacks || entry.stack != 0
        }

        var names = TypeNames()
        var sites: [UInt64: AllocationSite] = [:]
        for (group, counts) in groups {
            // A subscription's resources are one site, named by its outermost entry point.
            var site = describe(stack: group.stack, callSite: group.rootCallSite != 0 ? group.rootCallSite : group.callSite)
            for (type, count) in counts {
                if let metatype = types[type] {
                    site.live[names.name(of: metatype), default: 0] += count
                }
            }
            if group.rootCallSite != 0 {
                site.subscription = group.tookClosure ? .closure : .binding
                if group.callSite != group.rootCallSite, let nested = CallSiteTable.shared.text(of: group.callSite) {
                    site.nestedCallSites[nested, default: 0] += counts.values.reduce(0, +)
                }
            }
            if var existing = sites[site.fingerprint] {
                existing.live.merge(site.live, uniquingKeysWith: +)
                existing.nestedCallSites.merge(site.nestedCallSites, uniquingKeysWith: +)
                if site.subscription == .closure || existing.subscription == .none {
                    existing.subscription = site.subscription
                }
                sites[site.fingerprint] = existing
            } else {
                sites[site.fingerprint] = site
            }
        }
        let ordered = sites.values.sorted {
            ($0.total, $1.userFrame, $1.fingerprint) > ($1.total, $0.userFrame, $0.fingerprint)
        }
        let interval = SiteTracking.lastSamplingInterval.load(ordering: .relaxed)
        return AllocationSiteReport(
            sites: ordered,
            samplingInterval: sampled && interval > 1 ? interval : nil,
            capture: hasStacks ? StackCapture.method : .none
        )
    }

    /// For each subscription whose disposable was disposed while resources of a subscription
    /// nested in it are still alive: the nested call site with the most live resources.
    private static func forgottenNestedCallSites(_ live: [LiveResourceEntry]) -> [UInt32: UInt32] {
        let disposed = DisposedSubscriptions.shared.all
        guard !disposed.isEmpty else { return [:] }
        var counts: [UInt32: [UInt32: Int]] = [:]
        for entry in live where entry.subscription != 0 && entry.callSite != entry.rootCallSite && disposed.contains(entry.subscription) {
            counts[entry.subscription, default: [:]][entry.callSite, default: 0] += 1
        }
        return counts.compactMapValues { sites in
            sites.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key
        }
    }

    /// A site without counts yet.
    private static func describe(stack: UInt32, callSite: UInt32) -> AllocationSite {
        let callText = CallSiteTable.shared.text(of: callSite)
        if let site = StackSiteTable.shared.site(stack) {
            let description = SiteSymbolizer.describe(site)
            // Everything one `subscribe` (or `bind`, `drive`, `debug`) call allocated is one
            // leak, though the library frames, and the user closures the operators call while
            // subscribing, differ per resource: the call line alone identifies it, as it does
            // without backtraces.
            return AllocationSite(
                fingerprint: callText.map(callSiteFingerprint) ?? description.fingerprint,
                userFrame: callText ?? description.userFrame ?? "(no user frame in \(site.addresses.count) frames)",
                frames: description.frames,
                live: [:]
            )
        }
        if let callText {
            return AllocationSite(fingerprint: callSiteFingerprint(callText), userFrame: callText, frames: [], live: [:])
        }
        return AllocationSite(fingerprint: FNV1a.hash(unknownSite), userFrame: unknownSite, frames: [], live: [:])
    }

    /// The fingerprint of the resources one API call at `callText` allocated, with or without
    /// backtraces.
    private static func callSiteFingerprint(_ callText: String) -> UInt64 {
        FNV1a.hash("call site " + callText)
    }

    /// The user frame of resources with neither a backtrace nor a call site.
    static let unknownSite = "(unknown site)"

    /// Type names as ``ResourceSnapshot`` spells them, computed once per type per query.
    private struct TypeNames {
        private var cache: [ObjectIdentifier: String] = [:]

        mutating func name(of type: any AnyObject.Type) -> String {
            let key = ObjectIdentifier(type)
            if let name = cache[key] { return name }
            let name = String(describing: type)
            cache[key] = name
            return name
        }
    }
}
#endif
