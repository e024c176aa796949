/// The calls the core's resources make when they are created and freed.
///
/// They compile to nothing without the `TraceResources` trait.
enum ResourceCounter {
    @inline(__always)
    static func allocated(_ resource: AnyObject) {
        #if TraceResources
        ResourceTypeTable.shared.adjust(type(of: resource), by: 1)
        #endif
    }

    @inline(__always)
    static func deallocated(_ resource: AnyObject) {
        #if TraceResources
        ResourceTypeTable.shared.adjust(type(of: resource), by: -1)
        #endif
    }
}
