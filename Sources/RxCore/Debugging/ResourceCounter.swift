/// The calls the core's resources make when they are created and freed.
///
/// They compile to nothing without the `TraceResources` trait. With it, they count the
/// resource per type and, when site tracking is on (see ``AllocationSites`` and
/// ``ResourceScope``), record or drop its side-table entry. The inline part is only the count
/// update of ``ResourceTypeTable/adjust(_:by:resource:)``: site tracking switches that update
/// to its out-of-line path instead of costing a check of its own, because every call or branch
/// inlined into an initializer or `deinit` also costs the retains and releases the optimizer
/// can no longer pair around it. Only the resource's type and identity are used, never a
/// reference to it, so counting retains and releases nothing.
enum ResourceCounter {
    @inline(__always)
    static func allocated<Resource: AnyObject>(_ resource: Resource) {
        #if TraceResources
        ResourceTypeTable.adjust(type(of: resource), by: 1, resource: ObjectIdentifier(resource))
        #endif
    }

    @inline(__always)
    static func deallocated<Resource: AnyObject>(_ resource: Resource) {
        #if TraceResources
        ResourceTypeTable.adjust(type(of: resource), by: -1, resource: ObjectIdentifier(resource))
        #endif
    }
}
