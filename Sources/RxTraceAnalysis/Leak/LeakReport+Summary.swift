extension LeakReport {
    /// How many types and sites ``summary`` lists before it says how many more there are.
    static let summaryListLimit = (types: 10, sites: 5)

    /// The report in a few lines: the verdict and why, the totals and their growth, the types
    /// that grew and the top allocation sites.
    ///
    /// For one leaked subscription per iteration it reads like this:
    ///
    /// ```text
    /// Leak check: leaking, +3 live resources per iteration (3 iterations after the warm-up)
    /// Why: 3 types grew in each of the 3 iterations, and so did the total.
    /// Live resources: 12 (warm-up), 15 (iteration 1), 18 (iteration 2), 21 (iteration 3)
    /// Growth of the total per iteration: +3, +3, +3
    /// Types that grew in every iteration:
    ///   +1 per iteration  AnonymousObserver<Int>  (+1, +1, +1)
    ///   ...
    /// Allocation sites (resources of the last iteration still alive): 3 leaked resources, 1 distinct leak
    ///   3 leaked  Main.swift:42  AnonymousObserver<Int> ×1, ...  [00000000000000ab]
    /// ```
    public var summary: String {
        var lines = [headline, "Why: \(reason)."]
        if !totals.isEmpty {
            let samples = zip(totals, labels).map { total, label in
                label.isEmpty ? "\(total)" : "\(total) (\(label))"
            }
            lines.append("Live resources: " + samples.joined(separator: ", "))
        }
        if !growth.isEmpty {
            let allowance = allowedGrowth > 0 ? " (allowed: +\(allowedGrowth))" : ""
            lines.append("Growth of the total per iteration: \(LeakText.signed(growth))\(allowance)")
        }
        lines += typeLines
        lines += siteLines
        return lines.joined(separator: "\n")
    }

    private var headline: String {
        let iterationsText = iterations == 0 ? "no iterations" : LeakText.counted(iterations, "iteration")
        let amount =
            verdict == .leaking
            ? ", \(LeakText.signed(growthPerIteration)) live \(growthPerIteration == 1 ? "resource" : "resources") per iteration"
            : ""
        return "Leak check: \(verdict.rawValue)\(amount) (\(iterationsText) after the warm-up)"
    }

    private var typeLines: [String] {
        let limit = Self.summaryListLimit.types
        var lines: [String] = []
        let leaking = types.filter(\.leaking)
        if !leaking.isEmpty {
            lines.append("Types that grew in every iteration:")
            for type in leaking.prefix(limit) {
                lines.append("  \(LeakText.signed(type.growth)) per iteration  \(type.name)  (\(LeakText.signed(type.series)))")
            }
            if leaking.count > limit {
                lines.append("  … and \(leaking.count - limit) more")
            }
        }
        let others = types.filter { !$0.leaking }
        if !others.isEmpty {
            lines.append(leaking.isEmpty ? "Types that changed:" : "Other types that changed:")
            for type in others.prefix(limit) {
                lines.append("  \(type.name)  (\(LeakText.signed(type.series)))")
            }
            if others.count > limit {
                lines.append("  … and \(others.count - limit) more")
            }
        }
        return lines
    }

    private var siteLines: [String] {
        switch siteCapture {
        case .off:
            return verdict == .leaking
                ? ["Allocation sites: not captured; capture them to see the lines of code that made the leaked resources."]
                : []
        case .callSites, .sampled, .all:
            break
        }
        var scope: String
        switch siteScope {
        case .lastIteration: scope = "resources of the last iteration still alive"
        case .endOfTrace: scope = "resources alive when the trace was written"
        }
        if case .sampled(let every) = siteCapture {
            scope += ", sampled 1 in \(every)"
        } else if siteCapture == .callSites {
            scope += ", call sites only"
        }
        let amount: String
        if sites.isEmpty {
            amount = "none"
        } else if distinctLeaks > 0 {
            amount =
                "\(LeakText.counted(leakedResources, "leaked resource")), \(LeakText.counted(distinctLeaks, "distinct leak"))"
        } else {
            let live = sites.reduce(0) { $0 &+ $1.count }
            amount = "\(LeakText.counted(live, "live resource")) at \(LeakText.counted(sites.count, "site"))"
        }
        var lines = ["Allocation sites (\(scope)): \(amount)"]
        let limit = Self.summaryListLimit.sites
        for site in sites.prefix(limit) {
            let count = site.leaked > 0 ? "\(site.leaked) leaked" : "\(site.count) live"
            let frame = site.userFrame.isEmpty ? "(unknown frame)" : site.userFrame
            let types = site.types.map { "\($0.name) ×\($0.count)" }.joined(separator: ", ")
            lines.append("  \(count)  \(frame)  \(types)  [\(site.fingerprintText)]")
        }
        if sites.count > limit {
            lines.append("  … and \(sites.count - limit) more sites")
        }
        return lines
    }
}
