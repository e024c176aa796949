/// The calls the core's resources make when they are created and freed.
///
/// They compile to nothing without the `TraceResources` trait. With it, they count the
/// resource per type and, when site tracking is on (see ``AllocationSites`` and
/// ``ResourceScope``), record or drop its side-table entry; with tracking off that costs one
/// relaxed load and a branch each. Only the resource's type and identity are used, never a
/// reference to it, so counting retains and releases nothing.
enum ResourceCounter {
    @inline(__always)
    static func allocated<Resource: AnyObject>(_ resource: Resource) {
        #if TraceResources
        let type: AnyObject.Type = type(of: resource)
        ResourceTypeTable.adjust(type, by: 1)
        let flags = SiteTracking.flags.load(ordering: .relaxed)
        if _slowPath(flags != 0) {
            SiteRecorder.record(ObjectIdentifier(resource), type, flags: flags)
        }
        #endif
    }

    @inline(__always)
    static func deallocated<Resource: AnyObject>(_ resource: Resource) {
        #if TraceResources
        ResourceTypeTable.adjust(type(of: resource), by: -1)
        if _slowPath(SiteTracking.tableInUse.load(ordering: .relaxed)) {
            LiveResourceTable.shared.remove(ObjectIdentifier(resource))
        }
        #endif
    }
}
