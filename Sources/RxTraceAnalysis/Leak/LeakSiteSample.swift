/// One allocation site with the resources allocated there that were still alive when the
/// sites were collected.
///
/// Sites with the same ``fingerprint`` are the same stack; a ``LeakAnalysis`` merges them.
public struct LeakSiteSample: Sendable, Hashable, Codable {
    /// A stable fingerprint of the stack (the same code path gives the same value across runs
    /// of the same binary).
    public var fingerprint: UInt64
    /// The first frame outside the package, such as `Main.swift:42`: the line of user code
    /// that made the resources.
    public var userFrame: String
    /// The symbolized frames, innermost first.
    public var frames: [String]
    /// The live resources allocated here, per type name.
    public var live: [String: Int]

    /// Creates a site sample.
    ///
    /// - Parameters:
    ///   - fingerprint: The stack's fingerprint.
    ///   - userFrame: The first frame outside the package.
    ///   - frames: The symbolized frames, innermost first.
    ///   - live: The live resources allocated here, per type name.
    public init(fingerprint: UInt64, userFrame: String, frames: [String] = [], live: [String: Int]) {
        self.fingerprint = fingerprint
        self.userFrame = userFrame
        self.frames = frames
        self.live = live
    }
}
