/// Where live resources were allocated: the level of capture, and queries over the live sites.
///
/// Built with the `TraceResources` trait, each counted resource can remember the place that
/// allocated it: the user's line (from ``ResourceSites/withCallSite(file:line:_:)-(StaticString,_,_)``
/// around API calls) and, when ``mode`` asks for it, a backtrace. Each distinct backtrace is
/// stored once; it is symbolized only when a report asks for it.
///
/// ```swift
/// AllocationSites.mode = .all                 // or RXTRACE_SITES=1 in the environment
/// let before = AllocationSites.moment()
/// runScenario()
/// for site in AllocationSites.live(allocatedAfter: before).sites {
///     print(site.total, "live at", site.userFrame)
/// }
/// ```
///
/// Without the trait ``mode`` stays ``AllocationSiteMode/off`` and every report is empty.
/// See `docs/allocation-sites.md` for the levels, their costs and how to read a site.
public enum AllocationSites {
    /// The environment variable read on first use: `0` (or unset) for off, `calls` for call
    /// sites only, `1` or `all` for every resource, `sample:N` or `N` for one resource in N.
    public static let environmentVariable = "RXTRACE_SITES"

    /// The capture level, set from ``environmentVariable`` on first use and changeable at any
    /// time (threads allocating meanwhile see the change at their next allocation).
    ///
    /// Turning backtraces on loads libunwind (or falls back to the Swift `Runtime` module) and
    /// warms it up first, which takes a few milliseconds once.
    public static var mode: AllocationSiteMode {
        get {
            #if TraceResources
            return SiteTracking.mode
            #else
            return .off
            #endif
        }
        set {
            #if TraceResources
            SiteTracking.setMode(newValue)
            #endif
        }
    }

    /// How backtraces are (or would be) taken: libunwind when it can be loaded, else the Swift
    /// `Runtime` module; ``AllocationSiteCapture/none`` without the trait.
    public static var capture: AllocationSiteCapture {
        #if TraceResources
        return StackCapture.method
        #else
        return .none
        #endif
    }

    /// One line saying what is captured and how, such as
    /// `allocation sites: sampled every 64, libunwind unw_backtrace`.
    public static var status: String {
        #if TraceResources
        let mode = self.mode
        guard mode.capturesBacktraces else { return "allocation sites: \(mode)" }
        return "allocation sites: \(mode), \(capture)"
        #else
        return "allocation sites: unavailable (built without the TraceResources trait)"
        #endif
    }

    /// The current point of the allocation sequence, to ask later about what came after it.
    public static func moment() -> AllocationMoment {
        #if TraceResources
        return AllocationMoment(sequence: SiteTracking.sequence.load(ordering: .relaxed))
        #else
        return .start
        #endif
    }

    /// The live allocation sites, largest first.
    ///
    /// Symbolizes the backtraces it has not symbolized before (the first report in a process
    /// takes tens of milliseconds; later ones reuse the results).
    ///
    /// - Parameters:
    ///   - scope: When given, only resources allocated in this scope (or scopes nested in it).
    ///   - moment: When given, only resources allocated after it.
    /// - Returns: The sites with their live counts per type.
    public static func live(in scope: ResourceScope? = nil, allocatedAfter moment: AllocationMoment? = nil) -> AllocationSiteReport {
        #if TraceResources
        return SiteReporter.report(scope: scope, after: moment)
        #else
        return AllocationSiteReport(sites: [], samplingInterval: nil, capture: .none)
        #endif
    }
}
