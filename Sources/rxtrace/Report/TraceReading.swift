import Foundation
import RxTraceAnalysis
import RxTraceFormat

/// One streaming pass over a trace file that builds its summary (and, when asked, its marble
/// diagrams), with memory that does not grow with the number of records.
struct TraceReading {
    /// The summary of everything read.
    let summary: TraceSummary
    /// The marble diagrams, when asked for.
    let diagrams: [MarbleDiagram]
    /// The error that ended reading early, when the file is truncated or damaged.
    let partial: TraceFileError?
    /// The records read.
    let recordsRead: UInt64

    /// Reads `path` once.
    ///
    /// - Parameters:
    ///   - path: The trace file.
    ///   - options: Warm-up marks, allowed growth and the error limit for the summary.
    ///   - probe: Only this probe's records count, when given.
    ///   - marbles: Whether to build marble diagrams as well.
    /// - Throws: ``CommandFailure`` when the file cannot be used at all, or names no such probe.
    init(path: String, options: TraceSummary.Options, probe: String? = nil, marbles: Bool = false) throws {
        let reader = try TraceInput.open(path)
        let file = reader.file
        var wanted: Set<UInt32>?
        if let probe {
            let matches = file.probes.indices.filter { file.string(file.probes[$0].identifier) == probe }
            guard !matches.isEmpty else {
                let known = Set(file.probes.compactMap { file.string($0.identifier) }).sorted()
                let list = known.isEmpty ? "the trace has no probes" : "its probes: " + known.map { "\"\($0)\"" }.joined(separator: ", ")
                throw CommandFailure("\(path): no probe named \"\(probe)\"; \(list)")
            }
            wanted = Set(matches.map { UInt32($0) })
        }
        var builder = TraceSummary.Builder(file: file, options: options)
        var marbleBuilder = marbles ? MarbleDiagram.Builder(file: file, probes: wanted.map { Set($0.map(Int.init)) }) : nil
        var count: UInt64 = 0
        partial = try TraceInput.forEachRecord(of: reader) { record in
            count += 1
            if let wanted, !wanted.contains(record.probe) { return }
            builder.accumulate(record)
            marbleBuilder?.accumulate(record)
        }
        var summary = builder.finish()
        if let partial {
            summary.damage = TraceDamage(partial, recordsRead: count)
            summary.partial = true
        }
        if let wanted {
            summary.probes = summary.probes.filter { wanted.contains(UInt32($0.index)) }
            summary.openSubscriptions = summary.openSubscriptions.filter { wanted.contains(UInt32($0.probeIndex)) }
            summary.errors = summary.errors.filter { wanted.contains(UInt32($0.probeIndex)) }
        }
        self.summary = summary
        diagrams = marbleBuilder?.finish() ?? []
        recordsRead = count
    }
}
