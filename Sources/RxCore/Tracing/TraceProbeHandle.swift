internal import RxTraceFormat

/// What a `debug()` subscription needs to record into the trace: the session, its probe, its
/// subscription id and how to summarize elements.
///
/// Created at subscription time when tracing is on; events then cost a thread-local lookup, a
/// tick read and a 32-byte store.
struct TraceProbeHandle<Element>: Sendable {
    let session: TraceSession
    let probe: UInt32
    let subscription: UInt64
    private let summary: TraceValueSummary
    private let valueLimit: Int

    /// Opens a subscription through the probe at a call site and records `subscribed`.
    init(session: TraceSession, identifier: String, file: String, line: UInt, function: String) {
        self.session = session
        probe = session.probe(identifier: identifier, file: file, line: line, function: function)
        subscription = session.nextSubscriptionID()
        summary = TraceValueSummary.of(Element.self)
        valueLimit = session.configuration.valueLimit
        let writer = TraceThreadWriter.current(for: session)
        session.opened(subscription: subscription, probe: probe, thread: writer.threadIndex, at: TraceTimebase.now())
        writer.append(probe: probe, subscription: subscription, kind: .subscribed, valueKind: .none, value: 0)
    }

    /// Records an event.
    @inline(__always)
    func record(_ event: Event<Element>) {
        let writer = TraceThreadWriter.current(for: session)
        switch event {
        case .next(let element):
            recordNext(element, writer: writer)
        case .error(let error):
            let text = TraceValueSummary.truncated(String(describing: error), limit: valueLimit)
            writer.append(probe: probe, subscription: subscription, kind: .error, valueKind: .string, value: UInt64(writer.intern(text)))
        case .completed:
            writer.append(probe: probe, subscription: subscription, kind: .completed, valueKind: .none, value: 0)
        }
    }

    /// Records `.next(element)`.
    @inline(__always)
    func recordNext(_ element: Element) {
        TraceThreadWriter.withCurrent(for: session) { writer in
            recordNext(element, writer: writer)
        }
    }

    @inline(__always)
    private func recordNext(_ element: Element, writer: TraceThreadWriter) {
        let (kind, value) = summary.encode(element, writer: writer, limit: valueLimit)
        writer.append(probe: probe, subscription: subscription, kind: .next, valueKind: kind, value: value)
    }

    /// Records the disposal and closes the subscription.
    func disposed(_ reason: TraceDisposalReason) {
        TraceThreadWriter.current(for: session)
            .append(probe: probe, subscription: subscription, kind: .disposed, valueKind: .disposalReason, value: reason.rawValue)
        session.closed(subscription: subscription)
    }
}
