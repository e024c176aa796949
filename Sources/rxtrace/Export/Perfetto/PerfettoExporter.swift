import RxTraceFormat

/// Perfetto's native trace format: a `Trace` protobuf of `TracePacket`s, streamed record by
/// record, far smaller than the JSON export and loaded directly by https://ui.perfetto.dev.
///
/// The tracks:
/// - the process (`ProcessDescriptor`: pid and program name), holding everything else;
/// - one track per probe, and under it one lane per subscription open at the same time
///   (``SubscriptionLanes``): each subscription is a slice on its lane, from `subscribed` to
///   `disposed` (or to the dump for one still open), named after the probe, with the
///   subscription id and subscribing thread as arguments;
/// - its `next`, `error` and `completed` events are instants on the same lane, inside the
///   slice, with the element or error as the `value` argument;
/// - a `marks` track with one instant per mark, and a `Resources.total` counter track.
///
/// Names are interned on the packet sequence, so each distinct name is written once.
/// Timestamps are nanoseconds since the trace started.
final class PerfettoExporter: TraceExporter {
    private let file: TraceFile
    private let output: BufferedOutput
    private let names: TraceNames
    private var interning = PerfettoInterning()
    private var packet = ProtobufEncoder()
    private var wroteFirstPacket = false
    private var nextUUID: UInt64 = 1
    private var processTrack: UInt64 = 0

    /// A probe's own track, its lanes' tracks and which lanes are free.
    private struct ProbeTracks {
        var uuid: UInt64
        var laneUUIDs: [UInt64] = []
        var lanes = SubscriptionLanes()
    }

    private var probes: [UInt32: ProbeTracks] = [:]
    /// Open subscriptions: their probe and lane.
    private var open: [UInt64: (probe: UInt32, lane: Int)] = [:]
    /// Subscriptions still open at the dump, begun from the file's open-subscription table.
    private var openAtDump: Set<UInt64> = []

    /// The one packet sequence this exporter writes.
    private static let sequenceID: UInt64 = 1

    init(file: TraceFile, output: BufferedOutput) {
        self.file = file
        self.output = output
        names = TraceNames(file)
    }

    // MARK: Packets

    private func makeUUID() -> UInt64 {
        defer { nextUUID += 1 }
        return nextUUID
    }

    /// Writes one `TracePacket` whose fields `body` encodes, with the sequence id, the interned
    /// names it used first and, for events, the flags that say it needs them.
    private func writePacket(
        timestamp: UInt64?, usesInternedNames: Bool, _ body: (inout ProtobufEncoder, inout PerfettoInterning) -> Void
    ) throws {
        packet.removeAll()
        var content = ProtobufEncoder()
        if let timestamp {
            content.uint(PerfettoFields.Packet.timestamp, timestamp)
        }
        content.uint(PerfettoFields.Packet.trustedPacketSequenceID, Self.sequenceID)
        if !wroteFirstPacket {
            content.uint(PerfettoFields.Packet.sequenceFlags, PerfettoFields.SequenceFlags.incrementalStateCleared)
            content.bool(PerfettoFields.Packet.firstPacketOnSequence, true)
            wroteFirstPacket = true
        } else if usesInternedNames {
            content.uint(PerfettoFields.Packet.sequenceFlags, PerfettoFields.SequenceFlags.needsIncrementalState)
        }
        body(&content, &interning)
        interning.flush(into: &content)
        packet.embedded(PerfettoFields.tracePacket, content.bytes)
        try output.write(bytes: packet.bytes)
    }

    private func writeTrack(uuid: UInt64, name: String, parent: UInt64?, _ extra: ((inout ProtobufEncoder) -> Void)? = nil) throws {
        try writePacket(timestamp: nil, usesInternedNames: false) { content, _ in
            content.message(PerfettoFields.Packet.trackDescriptor) { track in
                track.uint(PerfettoFields.Track.uuid, uuid)
                track.string(PerfettoFields.Track.name, name)
                if let parent { track.uint(PerfettoFields.Track.parentUUID, parent) }
                extra?(&track)
            }
        }
    }

    /// Writes a track event on `track`; `annotate` adds its debug annotations.
    private func writeEvent(
        at timestamp: UInt64,
        type: UInt64,
        track: UInt64,
        name: String?,
        _ annotate: (inout ProtobufEncoder, inout PerfettoInterning) -> Void = { _, _ in }
    ) throws {
        try writePacket(timestamp: timestamp, usesInternedNames: true) { content, interning in
            content.message(PerfettoFields.Packet.trackEvent) { event in
                event.uint(PerfettoFields.Event.type, type)
                event.uint(PerfettoFields.Event.trackUUID, track)
                if let name {
                    event.uint(PerfettoFields.Event.nameIID, interning.eventName(name))
                }
                annotate(&event, &interning)
            }
        }
    }

    // MARK: Tracks

    /// The lane track for a new subscription of `probe`, declaring tracks on first use.
    ///
    /// The probe's tracks are changed in place in `probes`: a copy taken out of the dictionary
    /// and stored back would share the lane arrays with the dictionary's value, so every change
    /// would copy them (quadratic in the subscriptions open on one probe).
    private func takeLane(probe: UInt32) throws -> (lane: Int, uuid: UInt64) {
        _ = try probeTrack(probe)
        let (lane, isNew) = probes[probe]!.lanes.take()
        if isNew {
            let uuid = makeUUID()
            probes[probe]!.laneUUIDs.append(uuid)
            try writeTrack(uuid: uuid, name: "\(names.probe(probe)) #\(lane + 1)", parent: probes[probe]!.uuid)
        }
        return (lane, probes[probe]!.laneUUIDs[lane])
    }

    private func laneUUID(probe: UInt32, lane: Int) -> UInt64? {
        guard let tracks = probes[probe], lane < tracks.laneUUIDs.count else { return nil }
        return tracks.laneUUIDs[lane]
    }

    /// The probe's own track, for events of a subscription whose start the trace lost.
    private func probeTrack(_ probe: UInt32) throws -> UInt64 {
        if let tracks = probes[probe] { return tracks.uuid }
        let tracks = ProbeTracks(uuid: makeUUID())
        try writeTrack(uuid: tracks.uuid, name: names.probe(probe), parent: processTrack)
        probes[probe] = tracks
        return tracks.uuid
    }

    // MARK: Export

    func begin() throws {
        processTrack = makeUUID()
        let header = file.header
        try writeTrack(uuid: processTrack, name: header.processName, parent: nil) { track in
            track.message(PerfettoFields.Track.process) { process in
                process.int(PerfettoFields.Track.processPID, Int64(header.processID))
                process.string(PerfettoFields.Track.processName, header.processName)
            }
        }
        if !file.marks.isEmpty {
            let marksTrack = makeUUID()
            try writeTrack(uuid: marksTrack, name: "marks", parent: processTrack)
            // A program built without counting reports −1 at every mark: no counter then.
            let counted = file.marks.contains { $0.resourcesTotal >= 0 }
            let counterTrack = counted ? makeUUID() : 0
            if counted {
                try writeTrack(uuid: counterTrack, name: "Resources.total", parent: processTrack) { track in
                    track.message(PerfettoFields.Track.counter) { _ in }
                }
            }
            for mark in file.marks {
                try writeEvent(
                    at: mark.timestamp, type: PerfettoFields.Event.instant, track: marksTrack, name: file.string(mark.label) ?? "mark"
                ) { event, interning in
                    Self.annotate(&event, &interning, "thread") {
                        $0.string(PerfettoFields.Annotation.stringValue, self.names.thread(mark.thread))
                    }
                    if mark.resourcesTotal >= 0 {
                        Self.annotate(&event, &interning, "resources_total") {
                            $0.int(PerfettoFields.Annotation.intValue, mark.resourcesTotal)
                        }
                    }
                }
                if counted, mark.resourcesTotal >= 0 {
                    try writeEvent(at: mark.timestamp, type: PerfettoFields.Event.counter, track: counterTrack, name: nil) { event, _ in
                        event.int(PerfettoFields.Event.counterValue, mark.resourcesTotal)
                    }
                }
            }
        }
        for entry in file.openSubscriptions where open[entry.subscription] == nil {
            try beginSlice(subscription: entry.subscription, probe: entry.probe, thread: entry.thread, at: entry.subscribedAt)
            openAtDump.insert(entry.subscription)
        }
    }

    private static func annotate(
        _ event: inout ProtobufEncoder,
        _ interning: inout PerfettoInterning,
        _ name: String,
        _ value: (inout ProtobufEncoder) -> Void
    ) {
        let iid = interning.annotationName(name)
        event.message(PerfettoFields.Event.debugAnnotations) { annotation in
            annotation.uint(PerfettoFields.Annotation.nameIID, iid)
            value(&annotation)
        }
    }

    private func beginSlice(subscription: UInt64, probe: UInt32, thread: UInt16, at timestamp: UInt64) throws {
        let (lane, track) = try takeLane(probe: probe)
        open[subscription] = (probe, lane)
        try writeEvent(at: timestamp, type: PerfettoFields.Event.sliceBegin, track: track, name: names.probe(probe)) { event, interning in
            Self.annotate(&event, &interning, "subscription") { $0.uint(PerfettoFields.Annotation.uintValue, subscription) }
            Self.annotate(&event, &interning, "thread") { $0.string(PerfettoFields.Annotation.stringValue, self.names.thread(thread)) }
        }
    }

    func add(_ record: TraceRecord) throws {
        switch record.kind {
        case .subscribed:
            // A subscription open at the dump was begun from the open-subscription table.
            guard !openAtDump.contains(record.subscription) else { return }
            if open[record.subscription] != nil {
                // The same id twice (a damaged file): close the first before the second.
                try endSlice(record.subscription, at: record.timestamp) { _, _ in }
            }
            try beginSlice(subscription: record.subscription, probe: record.probe, thread: record.thread, at: record.timestamp)
        case .next, .error, .completed:
            let track = try eventTrack(for: record)
            try writeEvent(at: record.timestamp, type: PerfettoFields.Event.instant, track: track, name: record.kind.exportName) {
                event, interning in
                guard record.valueKind != .none else { return }
                Self.annotate(&event, &interning, "value") { self.encodeValue(of: record, into: &$0) }
            }
        case .disposed:
            if open[record.subscription] != nil, !openAtDump.contains(record.subscription) {
                try endSlice(record.subscription, at: record.timestamp) { event, interning in
                    guard record.valueKind != .none else { return }
                    Self.annotate(&event, &interning, "disposal") { self.encodeValue(of: record, into: &$0) }
                }
            } else {
                // Its start was lost when the ring buffer overflowed: an instant on the probe.
                let track = try probeTrack(record.probe)
                try writeEvent(at: record.timestamp, type: PerfettoFields.Event.instant, track: track, name: record.kind.exportName) {
                    event, interning in
                    Self.annotate(&event, &interning, "subscription") { $0.uint(PerfettoFields.Annotation.uintValue, record.subscription) }
                }
            }
        }
    }

    /// The lane of the record's subscription, or its probe's track when its start was lost.
    private func eventTrack(for record: TraceRecord) throws -> UInt64 {
        if let entry = open[record.subscription], let uuid = laneUUID(probe: entry.probe, lane: entry.lane) {
            return uuid
        }
        return try probeTrack(record.probe)
    }

    private func endSlice(
        _ subscription: UInt64, at timestamp: UInt64, _ annotate: (inout ProtobufEncoder, inout PerfettoInterning) -> Void
    ) throws {
        guard let entry = open.removeValue(forKey: subscription), let track = laneUUID(probe: entry.probe, lane: entry.lane) else { return }
        try writeEvent(at: timestamp, type: PerfettoFields.Event.sliceEnd, track: track, name: nil, annotate)
        probes[entry.probe]?.lanes.release(entry.lane)
    }

    private func encodeValue(of record: TraceRecord, into annotation: inout ProtobufEncoder) {
        switch record.valueKind {
        case .none: annotation.string(PerfettoFields.Annotation.stringValue, "none")
        case .int: annotation.int(PerfettoFields.Annotation.intValue, Int64(bitPattern: record.value))
        case .uint: annotation.uint(PerfettoFields.Annotation.uintValue, record.value)
        case .double: annotation.double(PerfettoFields.Annotation.doubleValue, Double(bitPattern: record.value))
        case .bool: annotation.bool(PerfettoFields.Annotation.boolValue, record.value != 0)
        case .string:
            annotation.string(PerfettoFields.Annotation.stringValue, file.string(UInt32(truncatingIfNeeded: record.value)) ?? "")
        case .disposalReason:
            annotation.string(
                PerfettoFields.Annotation.stringValue, TraceDisposalReason(rawValue: record.value).map { "\($0)" } ?? "unknown")
        }
    }

    func end() throws {
        // Slices still open: the open-subscription table's, and any whose disposal the file lacks.
        for subscription in open.keys.sorted() {
            try endSlice(subscription, at: file.header.dumpTimestamp) { event, interning in
                Self.annotate(&event, &interning, "open") { $0.bool(PerfettoFields.Annotation.boolValue, true) }
            }
        }
    }
}
