/// The calls the core's resources make when they are created and freed.
///
/// They compile to nothing without the `TraceResources` trait. With it, they count the
/// resource per type and, when site tracking is on (see ``AllocationSites`` and
/// ``ResourceScope``), record or drop its side-table entry; with tracking off that costs one
/// relaxed load and a branch each.
enum ResourceCounter {
    @inline(__always)
    static func allocated(_ resource: AnyObject) {
        #if TraceResources
        ResourceTypeTable.shared.adjust(type(of: resource), by: 1)
        let flags = SiteTracking.flags.load(ordering: .relaxed)
        if _slowPath(flags != 0) {
            SiteRecorder.record(resource, flags: flags)
        }
        #endif
    }

    @inline(__always)
    static func deallocated(_ resource: AnyObject) {
        #if TraceResources
        ResourceTypeTable.shared.adjust(type(of: resource), by: -1)
        if _slowPath(SiteTracking.tableInUse.load(ordering: .relaxed)) {
            LiveResourceTable.shared.remove(ObjectIdentifier(resource))
        }
        #endif
    }
}
