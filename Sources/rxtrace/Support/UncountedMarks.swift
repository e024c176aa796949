import RxTraceAnalysis
import RxTraceFormat

/// Marks of a program that did not count resources: the trace format stores their total as
/// -1, which no person or report should see as a number.
enum UncountedMarks {
    /// Why `file`'s marks cannot be judged, or `nil` when they carry counts.
    static func reason(_ file: TraceFile) -> String? {
        if file.marks.isEmpty, LeakAnalysis.samplesAreUncounted(file) {
            return
                "its resource samples carry no counts: \(file.header.processName) was built without the TraceResources trait, which counting needs (swift build --traits TraceResources)"
        }
        guard !file.marks.isEmpty, file.marks.contains(where: { $0.resourcesTotal < 0 }) else { return nil }
        return
            "its marks carry no resource counts: \(file.header.processName) was built without the TraceResources trait, which counting needs (swift build --traits TraceResources)"
    }
}
