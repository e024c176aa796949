/// The live allocation sites at one moment, largest first.
///
/// Returned by ``AllocationSites/live(in:allocatedAfter:)``. Only resources that had a
/// side-table entry appear: with ``AllocationSiteMode/off`` and no active ``ResourceScope``
/// the report is empty; when sites were sampled (``isSampled``) the counts cover about one
/// resource in ``samplingInterval``.
public struct AllocationSiteReport: Sendable, Hashable {
    /// The sites, the one with the most live resources first.
    public var sites: [AllocationSite]
    /// N when some of the reported backtraces were sampled (one resource in about N); `nil`
    /// when every tracked resource was captured or none was.
    public var samplingInterval: Int?
    /// How the backtraces were taken.
    public var capture: AllocationSiteCapture

    /// Creates a report.
    public init(sites: [AllocationSite], samplingInterval: Int?, capture: AllocationSiteCapture) {
        self.sites = sites
        self.samplingInterval = samplingInterval
        self.capture = capture
    }

    /// Whether the backtraces cover only a sample of the resources.
    public var isSampled: Bool {
        samplingInterval != nil
    }

    /// The number of live resources in the report.
    public var total: Int {
        sites.reduce(0) { $0 + $1.total }
    }

    /// The site whose fingerprint is `fingerprint`, if it is in the report.
    public func site(withFingerprint fingerprint: UInt64) -> AllocationSite? {
        sites.first { $0.fingerprint == fingerprint }
    }
}

extension AllocationSiteReport: CustomStringConvertible {
    /// `N live resources at M sites`, the sampling note, then each site.
    public var description: String {
        var header = "\(total) live resources at \(sites.count) sites"
        if let samplingInterval {
            header += " (sampled: about 1 in \(samplingInterval))"
        }
        return ([header] + sites.map(\.description)).joined(separator: "\n")
    }
}

/// How backtraces of allocation sites are taken.
public enum AllocationSiteCapture: Sendable, Hashable, CustomStringConvertible {
    /// No backtraces are taken: built without the `TraceResources` trait, or capture has not
    /// been enabled yet.
    case none
    /// libunwind's `unw_backtrace`, loaded at run time (`libunwind.so.8` on Linux, the
    /// system's on macOS): a few hundred nanoseconds per captured site.
    case libunwind
    /// The Swift `Runtime` module's `Backtrace.capture`, used when libunwind cannot be loaded:
    /// about ten microseconds per captured site.
    case swiftRuntime

    /// What the method is and what it costs.
    public var description: String {
        switch self {
        case .none:
            return "no backtraces"
        case .libunwind:
            return "libunwind unw_backtrace"
        case .swiftRuntime:
            return "Swift Runtime Backtrace.capture (libunwind not found; slower, about 10 µs per captured site)"
        }
    }
}
