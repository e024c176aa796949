/// What a traced program's live channel answers to `snapshot-json` (docs/live.md): its state
/// now. One model for both sides, the program that encodes it and `rxtrace top` that decodes it,
/// so the two cannot drift apart.
package struct LiveSnapshot: Codable, Sendable {
    /// The live resource counts; `counted` is false in a build without the `TraceResources`
    /// trait, and the table is then empty.
    package struct Counts: Codable, Sendable {
        package let counted: Bool
        package let total: Int
        package let types: [String: Int]

        package init(counted: Bool, total: Int, types: [String: Int]) {
            self.counted = counted
            self.total = total
            self.types = types
        }
    }

    /// One probe's event totals since tracing started.
    package struct Probe: Codable, Sendable {
        package let identifier: String
        package let file: String
        package let line: Int
        package let subscribed: UInt64
        package let next: UInt64
        package let error: UInt64
        package let completed: UInt64
        package let disposed: UInt64

        package init(
            identifier: String, file: String, line: Int, subscribed: UInt64, next: UInt64, error: UInt64, completed: UInt64,
            disposed: UInt64
        ) {
            self.identifier = identifier
            self.file = file
            self.line = line
            self.subscribed = subscribed
            self.next = next
            self.error = error
            self.completed = completed
            self.disposed = disposed
        }
    }

    /// One mark: its label, when it was made, and the counts then (no `total` when not counted).
    package struct Mark: Codable, Sendable {
        package let label: String
        package let seconds: Double
        package let total: Int?
        package let types: [String: Int]

        package init(label: String, seconds: Double, total: Int?, types: [String: Int]) {
            self.label = label
            self.seconds = seconds
            self.total = total
            self.types = types
        }
    }

    package let protocolVersion: Int
    package let pid: Int32
    package let process: String
    package let uptimeSeconds: Double
    package let resources: Counts
    package let probes: [Probe]
    package let openSubscriptions: Int
    package let marks: [Mark]

    private enum CodingKeys: String, CodingKey {
        case protocolVersion = "protocol"
        case pid, process, uptimeSeconds, resources, probes, openSubscriptions, marks
    }

    package init(
        protocolVersion: Int, pid: Int32, process: String, uptimeSeconds: Double, resources: Counts, probes: [Probe],
        openSubscriptions: Int, marks: [Mark]
    ) {
        self.protocolVersion = protocolVersion
        self.pid = pid
        self.process = process
        self.uptimeSeconds = uptimeSeconds
        self.resources = resources
        self.probes = probes
        self.openSubscriptions = openSubscriptions
        self.marks = marks
    }
}
