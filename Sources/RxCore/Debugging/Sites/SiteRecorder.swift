#if TraceResources
import CRxTrace
/// The slow path of ``ResourceCounter/allocated(_:)``: decides whether a new resource gets a
/// side-table entry, walks the stack when it should, and records the entry.
enum SiteRecorder {
    /// Records what is known about a new resource, `resource` of type `type`; `flags` is the
    /// nonzero value just loaded.
    @inline(never)
    static func record(_ resource: ObjectIdentifier, _ type: AnyObject.Type, flags loaded: UInt) {
        var flags = loaded
        if flags & SiteTracking.unconfigured != 0 {
            SiteTracking.configureFromEnvironment()
            flags = UInt(rxtrace_site_flags_acquire())
            if flags == 0 { return }
        }
        let scope = flags & SiteTracking.scopesActive != 0 ? ResourceScope.currentID : 0
        let tracksEvery = flags & SiteTracking.tracksEveryResource != 0
        let thread = ThreadSiteState.current
        var stack: UInt32 = 0
        var sampled = false
        if flags & SiteTracking.capturesStacks != 0 {
            if tracksEvery {
                stack = StackCapture.captureSite()
            } else if thread.pointee.sample(every: SiteTracking.samplingInterval.load(ordering: .relaxed)) {
                stack = StackCapture.captureSite()
                sampled = true
            }
        }
        guard tracksEvery || sampled || scope != 0 else { return }
        let subscription = thread.pointee.subscriptionID()
        let entry = LiveResourceEntry(
            type: type,
            stack: stack,
            callSite: thread.pointee.callSiteID(),
            scope: scope,
            sampled: sampled,
            sequence: SiteTracking.nextSequence(),
            subscription: subscription,
            rootCallSite: subscription != 0 ? thread.pointee.rootCallSiteID() : 0,
            tookClosure: subscription != 0 && thread.pointee.subscriptionTookClosure
        )
        LiveResourceTable.shared.insert(resource, entry)
    }
}
#endif
