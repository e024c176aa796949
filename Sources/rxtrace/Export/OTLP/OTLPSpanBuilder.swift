import RxTraceFormat

/// Turns a trace's records into OTLP spans, one per subscription through a probe, as the
/// records stream past: a span opens at `subscribed`, collects its `next`, `error` and
/// `completed` as span events, and is handed on, complete, at `disposed` (or at the dump when
/// it was still open).
///
/// Names and attributes follow the OpenTelemetry semantic conventions where one applies
/// (`thread.name`, `thread.id`, `code.file.path`, `code.line.number`, `code.function.name`,
/// an `exception` event with `exception.message` for an error) and use the `rx.` namespace for
/// the rest.
struct OTLPSpanBuilder {
    private let file: TraceFile
    private let names: TraceNames
    private let ids: OTLPIdentifiers
    private let maxEventsPerSpan: Int
    private let traceID: String
    private let rootSpanID: String

    /// A span being built.
    private struct OpenSpan {
        var probe: UInt32
        var thread: UInt16
        var start: UInt64
        var startLost: Bool
        var events: [String] = []
        var droppedEvents = 0
        var errorMessage: String?
    }

    private var open: [UInt64: OpenSpan] = [:]

    /// A builder for `file`'s subscriptions, keeping at most `maxEventsPerSpan` events per span
    /// (the rest are counted in `droppedEventsCount`, as OpenTelemetry SDKs do).
    init(file: TraceFile, ids: OTLPIdentifiers, maxEventsPerSpan: Int) {
        self.file = file
        names = TraceNames(file)
        self.ids = ids
        self.maxEventsPerSpan = maxEventsPerSpan
        traceID = ids.traceID
        rootSpanID = ids.rootSpanID
    }

    /// Nanoseconds since the Unix epoch of a trace timestamp; saturates instead of trapping on
    /// values a damaged file may hold.
    func unixNanoseconds(_ timestamp: UInt64) -> UInt64 {
        let base = UInt64(max(0, file.header.startWallClock))
        let (sum, overflow) = base.addingReportingOverflow(timestamp)
        return overflow ? UInt64.max : sum
    }

    /// The span standing for the whole trace, from its start to the dump, with one event per
    /// mark carrying the resource counts; the subscriptions' spans are its children.
    func rootSpan(serviceName: String) -> String {
        let header = file.header
        var attributes = [
            OTLPJSON.attribute("rx.trace.records_written", OTLPJSON.int(Int64(clamping: header.recordsWritten))),
            OTLPJSON.attribute("rx.trace.records_lost", OTLPJSON.int(Int64(clamping: header.recordsLost))),
            OTLPJSON.attribute("rx.trace.dump_reason", OTLPJSON.string("\(header.dumpReason)")),
        ]
        if header.recordsLost > 0 {
            attributes.append(OTLPJSON.attribute("rx.trace.partial", OTLPJSON.bool(true)))
        }
        let events = file.marks.map { mark in
            var markAttributes = [OTLPJSON.attribute("thread.name", OTLPJSON.string(names.thread(mark.thread)))]
            if mark.resourcesTotal >= 0 {
                markAttributes.append(OTLPJSON.attribute("rx.resources.total", OTLPJSON.int(mark.resourcesTotal)))
                let types = mark.types.map { (file.string($0.name) ?? "?", $0.count) }
                markAttributes.append(OTLPJSON.attribute("rx.resources.types", OTLPJSON.counts(types)))
            }
            return event(name: file.string(mark.label) ?? "mark", at: mark.timestamp, attributes: markAttributes)
        }
        return span(
            id: rootSpanID,
            parent: nil,
            name: "\(serviceName) trace",
            start: 0,
            end: header.dumpTimestamp,
            attributes: attributes,
            events: events,
            droppedEvents: 0,
            errorMessage: nil
        )
    }

    private func event(name: String, at timestamp: UInt64, attributes: [String]) -> String {
        "{\"timeUnixNano\":\(OTLPJSON.time(unixNanoseconds(timestamp))),\"name\":\(JSONText.quoted(name)),\"attributes\":[\(attributes.joined(separator: ","))]}"
    }

    private func span(
        id: String,
        parent: String?,
        name: String,
        start: UInt64,
        end: UInt64,
        attributes: [String],
        events: [String],
        droppedEvents: Int,
        errorMessage: String?
    ) -> String {
        var text = "{\"traceId\":\"\(traceID)\",\"spanId\":\"\(id)\""
        if let parent { text += ",\"parentSpanId\":\"\(parent)\"" }
        text += ",\"name\":\(JSONText.quoted(name)),\"kind\":1"
        text += ",\"startTimeUnixNano\":\(OTLPJSON.time(unixNanoseconds(start)))"
        text += ",\"endTimeUnixNano\":\(OTLPJSON.time(unixNanoseconds(max(start, end))))"
        text += ",\"attributes\":[\(attributes.joined(separator: ","))]"
        text += ",\"events\":[\(events.joined(separator: ","))]"
        if droppedEvents > 0 { text += ",\"droppedEventsCount\":\(droppedEvents)" }
        if let errorMessage {
            text += ",\"status\":{\"code\":2,\"message\":\(JSONText.quoted(errorMessage))}"
        }
        return text + "}"
    }

    /// Feeds one record; `emit` receives each span that it completes.
    mutating func add(_ record: TraceRecord, emit: (String) throws -> Void) throws {
        switch record.kind {
        case .subscribed:
            if open[record.subscription] != nil {
                // The same id twice (a damaged file): finish the first span here.
                try finish(record.subscription, at: record.timestamp, reason: nil, stillOpen: false, emit: emit)
            }
            open[record.subscription] = OpenSpan(probe: record.probe, thread: record.thread, start: record.timestamp, startLost: false)
        case .next, .completed, .error:
            var span =
                open[record.subscription]
                ?? OpenSpan(probe: record.probe, thread: record.thread, start: record.timestamp, startLost: true)
            if record.kind == .error {
                let message = file.string(UInt32(truncatingIfNeeded: record.value)) ?? ""
                span.errorMessage = record.valueKind == .string ? message : "error"
            }
            if span.events.count < maxEventsPerSpan {
                span.events.append(spanEvent(for: record))
            } else {
                span.droppedEvents += 1
            }
            open[record.subscription] = span
        case .disposed:
            if open[record.subscription] == nil {
                open[record.subscription] = OpenSpan(probe: record.probe, thread: record.thread, start: record.timestamp, startLost: true)
            }
            try finish(
                record.subscription, at: record.timestamp, reason: OTLPJSON.value(of: record, in: file), stillOpen: false, emit: emit)
        }
    }

    private func spanEvent(for record: TraceRecord) -> String {
        switch record.kind {
        case .error:
            let message = record.valueKind == .string ? file.string(UInt32(truncatingIfNeeded: record.value)) ?? "" : "error"
            return event(
                name: "exception", at: record.timestamp, attributes: [OTLPJSON.attribute("exception.message", OTLPJSON.string(message))])
        case .next where record.valueKind != .none:
            return event(
                name: "next", at: record.timestamp, attributes: [OTLPJSON.attribute("rx.value", OTLPJSON.value(of: record, in: file))])
        default:
            return event(name: record.kind.exportName, at: record.timestamp, attributes: [])
        }
    }

    private mutating func finish(
        _ subscription: UInt64, at end: UInt64, reason: String?, stillOpen: Bool, emit: (String) throws -> Void
    ) throws {
        guard let entry = open.removeValue(forKey: subscription) else { return }
        var attributes = [
            OTLPJSON.attribute("rx.probe", OTLPJSON.string(names.probe(entry.probe))),
            OTLPJSON.attribute("rx.subscription.id", OTLPJSON.int(Int64(bitPattern: subscription))),
            OTLPJSON.attribute("thread.name", OTLPJSON.string(names.thread(entry.thread))),
            OTLPJSON.attribute("thread.id", OTLPJSON.int(Int64(bitPattern: names.threadID(entry.thread)))),
        ]
        if Int(entry.probe) < file.probes.count {
            let probe = file.probes[Int(entry.probe)]
            attributes.append(OTLPJSON.attribute("code.file.path", OTLPJSON.string(file.string(probe.file) ?? "")))
            attributes.append(OTLPJSON.attribute("code.line.number", OTLPJSON.int(Int64(probe.line))))
            attributes.append(OTLPJSON.attribute("code.function.name", OTLPJSON.string(file.string(probe.function) ?? "")))
        }
        if let reason { attributes.append(OTLPJSON.attribute("rx.disposal.reason", reason)) }
        if stillOpen { attributes.append(OTLPJSON.attribute("rx.subscription.open", OTLPJSON.bool(true))) }
        if entry.startLost { attributes.append(OTLPJSON.attribute("rx.subscription.start_lost", OTLPJSON.bool(true))) }
        try emit(
            span(
                id: ids.subscriptionSpanID(subscription),
                parent: rootSpanID,
                name: names.probe(entry.probe),
                start: entry.start,
                end: end,
                attributes: attributes,
                events: entry.events,
                droppedEvents: entry.droppedEvents,
                errorMessage: entry.errorMessage
            )
        )
    }

    /// Ends every span still open at the dump: those the file lists as open (from the time
    /// they subscribed, when their record was lost) and any whose disposal the file lacks.
    mutating func finishAll(emit: (String) throws -> Void) throws {
        for entry in file.openSubscriptions where open[entry.subscription] == nil {
            open[entry.subscription] = OpenSpan(probe: entry.probe, thread: entry.thread, start: entry.subscribedAt, startLost: false)
        }
        for subscription in open.keys.sorted() {
            try finish(subscription, at: file.header.dumpTimestamp, reason: nil, stillOpen: true, emit: emit)
        }
    }
}
