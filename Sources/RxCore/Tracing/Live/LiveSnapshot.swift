import Foundation

/// What the live channel answers to `snapshot-json`: the state of the running program now,
/// read without copying the ring buffer (``Trace/probeTotals()``, ``Resources/snapshot()``
/// and the session's tables), so that asking once a second costs the program next to nothing.
struct LiveSnapshot: Encodable {
    /// The live resource counts, or an empty table with `counted` false when the build does not
    /// count (no `TraceResources` trait).
    struct Counts: Encodable {
        let counted: Bool
        let total: Int
        let types: [String: Int]
    }

    /// One probe's event totals since tracing started.
    struct Probe: Encodable {
        let identifier: String
        let file: String
        let line: Int
        let subscribed: UInt64
        let next: UInt64
        let error: UInt64
        let completed: UInt64
        let disposed: UInt64
    }

    /// One mark: its label, when it was made, and the counts then (no `total` when not counted).
    struct Mark: Encodable {
        let label: String
        let seconds: Double
        let total: Int?
        let types: [String: Int]
    }

    let protocolVersion: Int
    let pid: Int32
    let process: String
    let uptimeSeconds: Double
    let resources: Counts
    let probes: [Probe]
    let openSubscriptions: Int
    let marks: [Mark]

    private enum CodingKeys: String, CodingKey {
        case protocolVersion = "protocol"
        case pid, process, uptimeSeconds, resources, probes, openSubscriptions, marks
    }

    /// The snapshot of `session` now.
    init(session: TraceSession, protocolVersion: Int) {
        let state = session.liveState()
        let counts = Resources.snapshot()
        let counted = Resources.isEnabled
        self.protocolVersion = protocolVersion
        pid = session.processID
        process = session.processName
        uptimeSeconds = Double(state.uptime) / 1e9
        resources = Counts(counted: counted, total: counts.total, types: counts.types)
        probes = session.probeTotals().map {
            Probe(
                identifier: $0.identifier, file: $0.file, line: $0.line,
                subscribed: $0.counts.subscribed, next: $0.counts.next, error: $0.counts.error,
                completed: $0.counts.completed, disposed: $0.counts.disposed
            )
        }
        openSubscriptions = state.openSubscriptions
        marks = state.marks.map {
            Mark(
                label: $0.label, seconds: Double($0.nanoseconds) / 1e9,
                total: counted ? $0.resources.total : nil, types: $0.resources.types
            )
        }
    }

    /// The snapshot as one line of JSON, keys sorted.
    func json() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding strings, numbers and tables cannot fail.
        let data = (try? encoder.encode(self)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}

/// The part of a session's tables the live snapshot shows, copied under its lock.
struct LiveSessionState {
    /// A mark: its label, its time since the start in nanoseconds, and the counts then.
    struct Mark {
        let label: String
        let nanoseconds: UInt64
        let resources: ResourceSnapshot
    }

    /// Nanoseconds since tracing started.
    let uptime: UInt64
    /// Subscriptions through probes not disposed yet.
    let openSubscriptions: Int
    /// The marks so far, oldest first.
    let marks: [Mark]
}
