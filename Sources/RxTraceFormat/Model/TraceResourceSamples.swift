/// The resource samples of a trace (format version 1.2): the live counts the runtime took at a
/// fixed period while the program ran, kept bounded for a program that runs for months.
///
/// The runtime keeps at most a fixed number of samples; when they are all taken it drops every
/// second one and doubles the period, so the kept samples always span the whole run, evenly,
/// at a coarser step the longer it runs. ``period`` is the step between the kept samples, and
/// ``taken`` says how many were taken in all.
public struct TraceResourceSamples: Hashable, Sendable {
    /// Nanoseconds between two kept samples (the last one may be closer: the runtime takes one
    /// when it writes the file); `0` when sampling was off, with no samples.
    public var period: UInt64
    /// Samples taken since the trace started, kept or dropped.
    public var taken: UInt64
    /// The kept samples, in time order.
    public var samples: [TraceResourceSample]

    /// Creates the samples section's contents.
    public init(period: UInt64, taken: UInt64, samples: [TraceResourceSample]) {
        self.period = period
        self.taken = taken
        self.samples = samples
    }
}
