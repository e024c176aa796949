/// Where live resources were allocated: one distinct stack, with how many resources of each
/// type allocated there were alive when the trace was written.
public struct TraceSite: Hashable, Sendable {
    /// A stable fingerprint of the stack, equal across runs of the same binary for the same
    /// code path (a hash of the symbolized frames), used by leak baselines.
    public var fingerprint: UInt64
    /// The index in ``TraceFile/strings`` of the first frame outside the package, as
    /// `File.swift:42` or a symbol name; the line of user code that made the resources.
    public var userFrame: UInt32
    /// String indices of the symbolized frames, innermost first.
    public var frames: [UInt32]
    /// The live resources allocated here, per type.
    public var live: [TraceTypeCount]

    /// Creates a site.
    public init(fingerprint: UInt64, userFrame: UInt32, frames: [UInt32], live: [TraceTypeCount]) {
        self.fingerprint = fingerprint
        self.userFrame = userFrame
        self.frames = frames
        self.live = live
    }
}
