import RxTraceFormat

extension LeakAnalysis {
    /// The leak verdict of a trace whose program marked the end of each repetition of its
    /// scenario with `Trace.mark(_:)`.
    ///
    /// Each mark is one sample. The first `warmUpMarks` marks end the warm-up; the last of them
    /// is the baseline (sample 0) and every later mark ends one iteration. The rule is the one
    /// of ``LeakAnalysis``. Type names come from the trace's string table, and the sites from
    /// `TraceFile.sites`: all resources alive when the trace was written
    /// (``LeakSiteScope/endOfTrace``).
    ///
    /// - Parameters:
    ///   - trace: The trace's metadata (its records are not needed).
    ///   - warmUpMarks: The marks that end warm-up runs; values below 1 count as 1, since the
    ///     first mark is always the earliest baseline.
    ///   - allowedGrowth: The growth of the total per iteration that is tolerated.
    /// - Returns: The report; inconclusive, with the reason, when fewer than 2 marks follow the
    ///   warm-up. A trace without marks is judged on its resource samples instead
    ///   (``analyze(samplesOf:allowedGrowth:)``), when it has enough.
    public static func analyze(trace: TraceFile, warmUpMarks: Int = 1, allowedGrowth: Int = 0) -> LeakReport {
        // Without marks, the counts the runtime sampled over time (LeakAnalysis+Samples).
        if trace.marks.isEmpty, let sampled = analyze(samplesOf: trace, allowedGrowth: allowedGrowth) {
            return sampled
        }
        let warmUp = max(warmUpMarks, 1)
        let samples = trace.marks.dropFirst(warmUp - 1).map { mark in
            LeakSample(label: trace.text(mark.label), total: Int(clamping: mark.resourcesTotal), types: trace.typeCounts(mark.types))
        }
        let capture = LeakSiteCapture(trace.header.siteCapture)
        let sites = LeakSiteData(
            sites: trace.sites.map { site in
                LeakSiteSample(
                    fingerprint: site.fingerprint,
                    userFrame: trace.text(site.userFrame),
                    frames: site.frames.map(trace.text),
                    live: trace.typeCounts(site.live),
                    subscription: LeakSubscriptionKind(site.subscription),
                    nested: trace.typeCounts(site.nested)
                )
            },
            // A header that says `off` but comes with sites had call sites only.
            capture: capture == .off && !trace.sites.isEmpty ? (trace.sites.allSatisfy(\.frames.isEmpty) ? .callSites : .all) : capture,
            scope: .endOfTrace
        )
        // A program that did not count resources marks −1 and no types: no verdict, and no
        // totals to show, can come from that. (A damaged or hostile file may have negative
        // totals beside types: no verdict either, but its numbers are still listed.)
        let negative = trace.marks.contains { $0.resourcesTotal < 0 }
        let uncounted = negative && trace.marks.allSatisfy { $0.resourcesTotal >= 0 || $0.types.isEmpty }
        let report = LeakAnalysis(samples: uncounted ? [] : samples, allowedGrowth: allowedGrowth, sites: sites).report()
        if negative {
            return report.replacing(
                verdict: .inconclusive,
                reason: "the marks carry no resource counts: the program was built without the TraceResources trait, which counting needs"
            )
        }
        let after = trace.marks.count - warmUp
        guard after < 2 else { return report }
        let marks = LeakText.counted(trace.marks.count, "mark")
        let warmUpText = LeakText.counted(warmUp, "warm-up mark")
        let found: String
        if trace.marks.isEmpty {
            found = "the trace has no marks and \(sampleProblem(trace: trace) ?? "no usable resource samples")"
        } else if after <= 0 {
            found = "the trace has \(marks), none after the \(warmUpText)"
        } else {
            found = "the trace has \(marks): the \(warmUpText) and only 1 repetition after it"
        }
        return report.replacingReason(
            "\(found); mark the end of each repetition with Trace.mark(_:) and repeat the scenario at least 2 times after the warm-up"
        )
    }
}
