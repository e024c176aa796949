import RxTraceFormat

extension MarkSummary {
    /// The summary of `mark`, a mark of `file`: its label and thread by name, and its counts
    /// added up per type name (`TraceFile.typeCounts(_:)`), sorted by name.
    public init(_ mark: TraceMark, in file: TraceFile) {
        self.init(
            label: file.text(mark.label),
            timestamp: mark.timestamp,
            thread: file.threadName(mark.thread),
            resourcesTotal: Int(clamping: mark.resourcesTotal),
            types: file.typeCounts(mark.types).map { ResourceTypeCount(name: $0.key, count: $0.value) }.sorted { $0.name < $1.name }
        )
    }
}
