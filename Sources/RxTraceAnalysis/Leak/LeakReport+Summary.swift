extension LeakReport {
    /// How many types and sites ``summary`` lists before it says how many more there are.
    static let summaryListLimit = (types: 10, sites: 5)

    /// The report in a few lines: the verdict and why, the totals and their growth, the types
    /// that grew, the top allocation sites and, when the growth matches a known pattern, its
    /// likely cause (``hints``).
    ///
    /// Type names are the readable ones (``LeakTypeGrowth/displayName``); see
    /// ``summary(fullTypeNames:)`` for the full names. For a subscription leaked every other
    /// repetition it reads like this:
    ///
    /// ```text
    /// Leak check: leaking, +3 live resources each time it leaks (16 iterations after the warm-up)
    /// Why: the total rose in 8 of the 16 iterations (2, 4, 6, …, 16) and had not stopped: growth that keeps coming back (3 types kept growing).
    /// Repetitions: 16 after the warm-up, stopped at the limit of 16; net growth +24
    /// Live resources: 12 (warm-up), 12 (iteration 1), 15 (iteration 2), ...
    /// Growth of the total per iteration: 0, +3, 0, +3, ...
    /// Types that kept growing:
    ///   +1 each rise, rose in 8 of 16 iterations  AnonymousObserver<Int>
    ///   ...
    /// Allocation sites (resources of the last iteration still alive): 3 leaked resources, 1 distinct leak
    ///   3 leaked  Main.swift:42  AnonymousObserver<Int> ×1, ...  [00000000000000ab]
    /// Likely cause: the subscription at Main.swift:42 is never disposed and its source never ends: ...
    /// ```
    public var summary: String {
        summary(fullTypeNames: false)
    }

    /// The report in a few lines, with full type names (`MapSink<Int, AnonymousObserver<Int>>`)
    /// or readable ones (`map ← AnonymousObserver`).
    public func summary(fullTypeNames: Bool) -> String {
        let name: (String) -> String = { fullTypeNames ? $0 : TypeNameText.readable($0) }
        var lines = [headline, "Why: \(reason)."]
        // With no repetition measured, "Repetitions: 0 …; net growth 0" would only repeat the
        // headline with a number that reads like a result.
        if iterations > 0 {
            lines.append(repetitionLine)
        }
        if !totals.isEmpty {
            let samples = zip(totals, labels).map { total, label in
                label.isEmpty ? "\(total)" : "\(total) (\(label))"
            }
            lines.append("Live resources: " + LeakText.elided(samples))
        }
        if !growth.isEmpty {
            let allowance = allowedGrowth > 0 ? " (allowed: +\(allowedGrowth))" : ""
            lines.append("Growth of the total per iteration: \(LeakText.signed(growth))\(allowance)")
        }
        lines += typeLines(name)
        lines += siteLines(name)
        lines += hints.map { "Likely cause: \($0.text)." }
        return lines.joined(separator: "\n")
    }

    /// How many repetitions ran, why the check stopped, the net growth and settling.
    private var repetitionLine: String {
        var text = "Repetitions: \(iterations) after the warm-up"
        switch stop {
        case .clear:
            text += ", stopped early: the verdict was clear"
        case .limit:
            text += ", stopped at the limit of \(iterationLimit ?? iterations)"
        case .allSamples:
            text += siteScope == .endOfTrace ? " (every mark of the trace)" : " (all the samples given)"
        case .resourceSamples:
            text += " (every resource sample of the trace)"
        }
        text += "; net growth \(LeakText.signed(netGrowth))"
        if let durationNanoseconds {
            text += "; took \(DurationText.format(nanoseconds: UInt64(max(0, durationNanoseconds))))"
        }
        if let settle, settle.timeouts > 0 {
            text +=
                "; settling timed out after \(LeakText.counted(settle.timeouts, "run")) (\(LeakText.counted(settle.pendingAtTimeout, "scheduled item")) still pending)"
        }
        if let settle, settle.dueLater > 0 {
            text += "; \(LeakText.counted(settle.dueLater, "scheduled item")) due after the settle timeout counted as live"
        }
        return text
    }

    private var headline: String {
        let iterationsText = iterations == 0 ? "no iterations" : LeakText.counted(iterations, "iteration")
        let amount =
            verdict == .leaking
            ? ", \(LeakText.signed(growthPerIteration)) live \(growthPerIteration == 1 ? "resource" : "resources") each time it leaks"
            : ""
        return "Leak check: \(verdict.rawValue)\(amount) (\(iterationsText) after the warm-up)"
    }

    private func typeLines(_ name: (String) -> String) -> [String] {
        let limit = Self.summaryListLimit.types
        var lines: [String] = []
        let leaking = types.filter(\.leaking)
        if !leaking.isEmpty {
            lines.append("Types that kept growing:")
            for type in leaking.prefix(limit) {
                let rose = "rose in \(type.rises.count) of \(type.series.count) iterations"
                lines.append("  \(LeakText.signed(type.growth)) each rise, \(rose)  \(name(type.name))  (\(LeakText.signed(type.series)))")
            }
            if leaking.count > limit {
                lines.append("  … and \(leaking.count - limit) more")
            }
        }
        let others = types.filter { !$0.leaking }
        if !others.isEmpty {
            lines.append(leaking.isEmpty ? "Types that changed:" : "Other types that changed:")
            for type in others.prefix(limit) {
                lines.append("  \(name(type.name))  (\(LeakText.signed(type.series)))")
            }
            if others.count > limit {
                lines.append("  … and \(others.count - limit) more")
            }
        }
        return lines
    }

    private func siteLines(_ name: (String) -> String) -> [String] {
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
        case .lastRise: scope = "resources of the last iteration that grew, still alive"
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
            let types = site.types.map { "\(name($0.name)) ×\($0.count)" }.joined(separator: ", ")
            lines.append("  \(count)  \(frame)  \(types)  [\(site.fingerprintText)]")
            for nested in site.nested {
                lines.append(
                    "      made inside it: the subscription at \(nested.name) (\(LeakText.counted(nested.count, "live resource")))")
            }
            if !site.keptAlive.isEmpty {
                lines.append("      kept alive with it: \(site.keptAlive.map(\.text).joined(separator: ", "))")
            }
        }
        if sites.count > limit {
            lines.append("  … and \(sites.count - limit) more sites")
        }
        return lines
    }
}
