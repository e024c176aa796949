import Foundation
internal import RxTraceFormat

/// The live channel's answer to `snapshot-json`, read without copying the ring buffer
/// (``Trace/probeTotals()``, ``Resources/snapshot()`` and the session's tables), so that asking
/// once a second costs the program next to nothing.
extension LiveSnapshot {
    /// The snapshot of `session` now.
    init(session: TraceSession, protocolVersion: Int) {
        let state = session.liveState()
        let counts = Resources.snapshot()
        let counted = Resources.isEnabled
        self.init(
            protocolVersion: protocolVersion,
            pid: session.processID,
            process: session.processName,
            uptimeSeconds: Double(state.uptime) / 1e9,
            resources: Counts(counted: counted, total: counts.total, types: counts.types),
            probes: session.probeTotals().map {
                Probe(
                    identifier: $0.identifier, file: $0.file, line: $0.line,
                    subscribed: $0.counts.subscribed, next: $0.counts.next, error: $0.counts.error,
                    completed: $0.counts.completed, disposed: $0.counts.disposed
                )
            },
            openSubscriptions: state.openSubscriptions,
            marks: state.marks.map {
                Mark(
                    label: $0.label, seconds: Double($0.nanoseconds) / 1e9,
                    total: counted ? $0.resources.total : nil, types: $0.resources.types
                )
            }
        )
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
