/// The interned strings of one Perfetto packet sequence: event names and debug annotation
/// names are sent once, in the packet that first uses them, and referred to by id afterwards.
struct PerfettoInterning {
    private var eventNames: [String: UInt64] = [:]
    private var annotationNames: [String: UInt64] = [:]
    /// Entries first used by the packet being written, to send with it.
    private var newEventNames: [(UInt64, String)] = []
    private var newAnnotationNames: [(UInt64, String)] = []

    /// The id of the event name `name`.
    mutating func eventName(_ name: String) -> UInt64 {
        if let iid = eventNames[name] { return iid }
        let iid = UInt64(eventNames.count + 1)
        eventNames[name] = iid
        newEventNames.append((iid, name))
        return iid
    }

    /// The id of the debug annotation name `name`.
    mutating func annotationName(_ name: String) -> UInt64 {
        if let iid = annotationNames[name] { return iid }
        let iid = UInt64(annotationNames.count + 1)
        annotationNames[name] = iid
        newAnnotationNames.append((iid, name))
        return iid
    }

    /// Writes the entries that the current packet used for the first time as its
    /// `interned_data`, and forgets them.
    mutating func flush(into packet: inout ProtobufEncoder) {
        guard !newEventNames.isEmpty || !newAnnotationNames.isEmpty else { return }
        let events = newEventNames
        let annotations = newAnnotationNames
        packet.message(PerfettoFields.Packet.internedData) { data in
            for (iid, name) in events {
                data.message(PerfettoFields.Interned.eventNames) { entry in
                    entry.uint(PerfettoFields.Interned.iid, iid)
                    entry.string(PerfettoFields.Interned.name, name)
                }
            }
            for (iid, name) in annotations {
                data.message(PerfettoFields.Interned.debugAnnotationNames) { entry in
                    entry.uint(PerfettoFields.Interned.iid, iid)
                    entry.string(PerfettoFields.Interned.name, name)
                }
            }
        }
        newEventNames.removeAll(keepingCapacity: true)
        newAnnotationNames.removeAll(keepingCapacity: true)
    }
}
