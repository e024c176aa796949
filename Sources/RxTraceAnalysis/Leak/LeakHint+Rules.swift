extension LeakHint {
    /// The hints a leaking report's growing types and sites support; none for a report that
    /// does not leak.
    ///
    /// The rules, each from the types that keep growing:
    /// - dispose bags and subscriptions (sinks, observers) together: a retain cycle;
    /// - periodic work (periodic timers and their sinks), without bags: a timer never disposed;
    /// - subscriptions alone: a subscription never disposed whose source never ends;
    /// - subjects or relays alone: subjects kept by something that outlives the repetition.
    ///
    /// - Parameters:
    ///   - verdict: The report's verdict; only `.leaking` gets hints.
    ///   - types: The report's types.
    ///   - sites: The report's sites, leaking ones first.
    /// - Returns: At most one hint, the most specific pattern that matches.
    static func hints(verdict: LeakVerdict, types: [LeakTypeGrowth], sites: [LeakSite]) -> [LeakHint] {
        guard verdict == .leaking else { return [] }
        let leaking = Set(types.filter(\.leaking).map(\.name))
        let kinds = Set(leaking.map(LeakTypeKind.init(typeName:)))
        /// The user line of the site holding the most live resources of `kind` among the
        /// growing types, if any site has them.
        func site(of kind: LeakTypeKind) -> String? {
            let best = sites.map { site -> (frame: String, count: Int, subscription: LeakSubscriptionKind) in
                let count = site.types
                    .filter { leaking.contains($0.name) && LeakTypeKind(typeName: $0.name) == kind }
                    .reduce(0) { $0 &+ $1.count }
                return (site.userFrame, count, site.subscription)
            }
            // A frame in parentheses, such as `(unknown site)`, names no line. A subscription
            // that took a closure ranks above a binding, whatever their counts (see LeakFindings).
            .filter { $0.count > 0 && !$0.frame.isEmpty && !$0.frame.hasPrefix("(") }
            .max { ($0.subscription, $0.count) < ($1.subscription, $1.count) }
            return best?.frame
        }
        func at(_ frame: String?) -> String {
            frame.map { " at \($0)" } ?? ""
        }

        if kinds.contains(.bag), kinds.contains(.subscription) {
            let frame = site(of: .subscription)
            // The ranking cannot tell two closures apart: say so rather than pick silently.
            let closures = sites.filter { $0.subscription == .closure && $0.leaked > 0 }.count
            let ranking =
                closures > 1
                ? " (\(closures) subscriptions that took closures grew together; this one holds the most, check the others too)"
                : ""
            return [
                LeakHint(
                    pattern: .retainCycle,
                    site: frame,
                    text:
                        "the subscription\(at(frame)) is alive together with the dispose bag it was added to: a closure probably captures its owner; use `subscribe(with:)` or `[weak self]`\(ranking)"
                )
            ]
        }
        if kinds.contains(.periodic), !kinds.contains(.bag) {
            let frame = site(of: .periodic) ?? site(of: .subscription)
            return [
                LeakHint(
                    pattern: .periodicWorkNeverDisposed,
                    site: frame,
                    text:
                        "the periodic work\(at(frame)) keeps running: an `interval` or repeating timer never ends by itself; dispose its subscription, or end it with `take(until:)`"
                )
            ]
        }
        if kinds.contains(.subscription), !kinds.contains(.bag) {
            let frame = site(of: .subscription)
            return [
                LeakHint(
                    pattern: .subscriptionNeverDisposed,
                    site: frame,
                    text:
                        "the subscription\(at(frame)) is never disposed and its source never ends: dispose it (or add it to a dispose bag that is released with its owner), or end the source with `take(until:)`"
                )
            ]
        }
        if kinds == [.subject] {
            let frame = site(of: .subject)
            return [
                LeakHint(
                    pattern: .subjectsAccumulate,
                    site: frame,
                    text:
                        "a new subject\(at(frame)) stays alive every time: something that outlives the repetition keeps them (a growing list, or an owner that is never released)"
                )
            ]
        }
        return []
    }
}

/// What a resource type is, for the hint rules, from its name.
enum LeakTypeKind: Hashable {
    case bag
    case subscription
    case periodic
    case subject
    case other

    init(typeName: String) {
        let base = typeName.prefix { $0 != "<" }
        if base == "DisposeBag" {
            self = .bag
        } else if base.contains("Periodic") {
            self = .periodic
        } else if base.hasSuffix("Subject") || base.hasSuffix("Relay") {
            self = .subject
        } else if base.hasSuffix("Sink") || base.hasSuffix("Observer") || base == "SinkDisposer" {
            self = .subscription
        } else {
            self = .other
        }
    }
}
