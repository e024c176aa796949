import RxTraceFormat

extension LeakAnalysis {
    /// The fewest resource samples a verdict over time takes: a baseline and two after it, as
    /// the rule needs at least 2 iterations.
    public static let minimumResourceSamples = 3

    /// Why the resource samples of `trace` cannot give a leak verdict, in words that end a
    /// sentence; `nil` when they can. Samples are what a trace without marks is judged on.
    ///
    /// A trace with samples from a program that did not count resources is not one of these:
    /// its samples are there, with no counts (see ``samplesAreUncounted(_:)``).
    public static func sampleProblem(trace: TraceFile) -> String? {
        guard let samples = trace.resourceSamples else {
            return "no resource samples (it was written by a version of rxtrace that did not take them)"
        }
        guard samples.period > 0 else {
            return "no resource samples: sampling was off (RXTRACE_SAMPLE_PERIOD=0)"
        }
        let count = samples.samples.count
        guard count >= minimumResourceSamples else {
            let every = DurationText.format(nanoseconds: samples.period)
            return
                "only \(LeakText.counted(count, "resource sample")), taken every \(every): a verdict over time takes at least \(minimumResourceSamples); run the program for longer or set RXTRACE_SAMPLE_PERIOD shorter"
        }
        return nil
    }

    /// Whether the trace's resource samples carry no counts: its program was built without the
    /// `TraceResources` trait.
    public static func samplesAreUncounted(_ trace: TraceFile) -> Bool {
        trace.resourceSamples?.samples.contains { $0.resourcesTotal < 0 } ?? false
    }

    /// The leak verdict of a trace without marks, judged on the resource counts the runtime
    /// sampled while the program ran (`RXTRACE_SAMPLE_PERIOD`), with the rule of
    /// ``LeakAnalysis``: each sample is one iteration.
    ///
    /// The first quarter of the samples (at least one) is the warm-up: start-up, lazy statics
    /// and caches filling; its last sample is the baseline. A steady leak rises sample after
    /// sample and is leaking; a cache that fills and then stays is clean once enough samples
    /// without a rise follow.
    ///
    /// - Parameters:
    ///   - trace: The trace's metadata.
    ///   - allowedGrowth: The growth of the total per sample that is tolerated.
    /// - Returns: The report, or `nil` when the samples cannot give one (``sampleProblem(trace:)``).
    public static func analyze(samplesOf trace: TraceFile, allowedGrowth: Int = 0) -> LeakReport? {
        guard sampleProblem(trace: trace) == nil, let samples = trace.resourceSamples else { return nil }
        // The samples become marks labelled with their time, judged by the marks' analysis, so
        // that the two stay one rule with one treatment of sites and missing counts.
        var marked = trace
        marked.marks = samples.samples.map { sample in
            marked.strings.append(DurationText.format(nanoseconds: sample.timestamp))
            return TraceMark(
                timestamp: sample.timestamp,
                label: UInt32(marked.strings.count - 1),
                thread: 0,
                resourcesTotal: sample.resourcesTotal,
                types: sample.types
            )
        }
        let warmUp = max(samples.samples.count / 4, 1)
        let report = analyze(trace: marked, warmUpMarks: warmUp, allowedGrowth: allowedGrowth)
        if samplesAreUncounted(trace) {
            return report.replacing(
                reason:
                    "the resource samples carry no counts: the program was built without the TraceResources trait, which counting needs",
                stop: .resourceSamples)
        }
        let every = DurationText.format(nanoseconds: samples.period)
        return report.replacing(
            reason:
                "judged on \(LeakText.counted(samples.samples.count, "resource sample")) taken every \(every), as the trace has no marks (the first \(warmUp) warm up): \(report.reason)",
            stop: .resourceSamples
        )
    }
}
