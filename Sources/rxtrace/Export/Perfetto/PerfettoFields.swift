/// Field numbers and enum values of Perfetto's trace protos (`perfetto/trace/trace.proto`,
/// `trace_packet.proto`, `track_event/*.proto`) that the exporter writes, checked against the
/// official generated code (`perfetto_trace_pb2`) by the tests.
enum PerfettoFields {
    /// `Trace.packet`: the file is a `Trace`, one repeated packet field after another.
    static let tracePacket: UInt32 = 1

    /// Fields of `TracePacket`.
    enum Packet {
        static let timestamp: UInt32 = 8
        static let trustedPacketSequenceID: UInt32 = 10
        static let trackEvent: UInt32 = 11
        static let internedData: UInt32 = 12
        static let sequenceFlags: UInt32 = 13
        static let trackDescriptor: UInt32 = 60
        static let firstPacketOnSequence: UInt32 = 87
    }

    /// `TracePacket.SequenceFlags` values.
    enum SequenceFlags {
        static let incrementalStateCleared: UInt64 = 1
        static let needsIncrementalState: UInt64 = 2
    }

    /// Fields of `TrackDescriptor` and the descriptors it holds.
    enum Track {
        static let uuid: UInt32 = 1
        static let name: UInt32 = 2
        static let process: UInt32 = 3
        static let thread: UInt32 = 4
        static let parentUUID: UInt32 = 5
        static let counter: UInt32 = 8
        /// `ProcessDescriptor.pid` and `.process_name`.
        static let processPID: UInt32 = 1
        static let processName: UInt32 = 6
        /// `ThreadDescriptor.pid`, `.tid` and `.thread_name`.
        static let threadPID: UInt32 = 1
        static let threadTID: UInt32 = 2
        static let threadName: UInt32 = 5
    }

    /// Fields of `TrackEvent`.
    enum Event {
        static let debugAnnotations: UInt32 = 4
        static let type: UInt32 = 9
        static let nameIID: UInt32 = 10
        static let trackUUID: UInt32 = 11
        static let counterValue: UInt32 = 30
        /// `TrackEvent.Type` values.
        static let sliceBegin: UInt64 = 1
        static let sliceEnd: UInt64 = 2
        static let instant: UInt64 = 3
        static let counter: UInt64 = 4
    }

    /// Fields of `DebugAnnotation`.
    enum Annotation {
        static let nameIID: UInt32 = 1
        static let boolValue: UInt32 = 2
        static let uintValue: UInt32 = 3
        static let intValue: UInt32 = 4
        static let doubleValue: UInt32 = 5
        static let stringValue: UInt32 = 6
    }

    /// Fields of `InternedData` and of the entries it holds (`EventName`, `DebugAnnotationName`:
    /// `iid` = 1, `name` = 2).
    enum Interned {
        static let eventNames: UInt32 = 2
        static let debugAnnotationNames: UInt32 = 3
        static let iid: UInt32 = 1
        static let name: UInt32 = 2
    }
}
