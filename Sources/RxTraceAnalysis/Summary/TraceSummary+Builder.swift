import RxTraceFormat

extension TraceSummary {
    /// Builds a ``TraceSummary`` from records fed one at a time, such as from a streaming
    /// reader, so that a caller can show progress.
    ///
    /// It keeps counters per probe, the subscriptions currently open and the first errors:
    /// memory grows with the probes and the open subscriptions, not with the records.
    public struct Builder: Sendable {
        private struct Counts: Sendable {
            var subscriptions = 0
            var next = 0
            var error = 0
            var completed = 0
            var disposed = 0
        }

        private struct Subscribed: Sendable {
            var probe: UInt32
            var thread: UInt16
            var timestamp: UInt64
        }

        /// The trace's metadata.
        public let file: TraceFile
        /// The options the summary is made with.
        public let options: Options
        /// The records accumulated so far.
        public private(set) var recordCount = 0

        private var counts: [Counts]
        private var open: [UInt64: Subscribed] = [:]
        private var errors: [ErrorSummary] = []
        private var errorsOmitted = 0
        private var invalidRecords = 0

        /// Starts a summary of the trace described by `file`.
        ///
        /// - Parameters:
        ///   - file: The trace's metadata.
        ///   - options: The error limit and the leak check's parameters.
        public init(file: TraceFile, options: Options = Options()) {
            self.file = file
            self.options = options
            self.counts = Array(repeating: Counts(), count: file.probes.count)
        }

        /// Adds one record; records come in file order.
        public mutating func accumulate(_ record: TraceRecord) {
            recordCount += 1
            let probe = Int(record.probe)
            guard probe < counts.count else {
                invalidRecords += 1
                return
            }
            switch record.kind {
            case .subscribed:
                counts[probe].subscriptions += 1
                open[record.subscription] = Subscribed(probe: record.probe, thread: record.thread, timestamp: record.timestamp)
            case .next:
                counts[probe].next += 1
            case .error:
                counts[probe].error += 1
                if errors.count < max(options.errorLimit, 0) {
                    errors.append(
                        ErrorSummary(
                            probe: file.probeIdentifier(record.probe),
                            probeIndex: probe,
                            subscription: record.subscription,
                            timestamp: record.timestamp,
                            thread: file.threadName(record.thread),
                            description: file.valueText(of: record)
                        )
                    )
                } else {
                    errorsOmitted += 1
                }
            case .completed:
                counts[probe].completed += 1
            case .disposed:
                counts[probe].disposed += 1
                open[record.subscription] = nil
            }
        }

        /// Adds records in file order.
        public mutating func accumulate<Records: Sequence<TraceRecord>>(contentsOf records: Records) {
            for record in records {
                accumulate(record)
            }
        }

        /// The summary of the records accumulated so far.
        ///
        /// The builder stays usable: more records may follow and a later call includes them.
        public func finish() -> TraceSummary {
            let dumpTime = file.header.dumpTimestamp
            var openSubscriptions: [OpenSubscriptionSummary] = []
            var openPerProbe = Array(repeating: 0, count: counts.count)
            var listed = Set<UInt64>()
            for entry in file.openSubscriptions where listed.insert(entry.subscription).inserted {
                openSubscriptions.append(
                    OpenSubscriptionSummary(
                        subscription: entry.subscription,
                        probe: file.probeIdentifier(entry.probe),
                        probeIndex: Int(entry.probe),
                        subscribedAt: entry.subscribedAt,
                        ageNanoseconds: dumpTime >= entry.subscribedAt ? dumpTime - entry.subscribedAt : 0,
                        thread: file.threadName(entry.thread),
                        listed: true
                    )
                )
                if Int(entry.probe) < openPerProbe.count {
                    openPerProbe[Int(entry.probe)] += 1
                }
            }
            for (subscription, entry) in open where !listed.contains(subscription) {
                openSubscriptions.append(
                    OpenSubscriptionSummary(
                        subscription: subscription,
                        probe: file.probeIdentifier(entry.probe),
                        probeIndex: Int(entry.probe),
                        subscribedAt: entry.timestamp,
                        ageNanoseconds: dumpTime >= entry.timestamp ? dumpTime - entry.timestamp : 0,
                        thread: file.threadName(entry.thread),
                        listed: false
                    )
                )
                openPerProbe[Int(entry.probe)] += 1
            }
            openSubscriptions.sort {
                ($0.subscribedAt, $0.subscription) < ($1.subscribedAt, $1.subscription)
            }
            let totals = file.probeTotals.flatMap { $0.count == file.probes.count ? $0 : nil }
            let probes = file.probes.enumerated().map { index, probe in
                let count = counts[index]
                let kept = ProbeEventCounts(
                    subscriptions: count.subscriptions,
                    next: count.next,
                    error: count.error,
                    completed: count.completed,
                    disposed: count.disposed
                )
                // Totals come from the file: clamp, never trap, on values beyond Int.
                let exact = totals.map { totals in
                    ProbeEventCounts(
                        subscriptions: Int(clamping: totals[index].subscribed),
                        next: Int(clamping: totals[index].next),
                        error: Int(clamping: totals[index].error),
                        completed: Int(clamping: totals[index].completed),
                        disposed: Int(clamping: totals[index].disposed)
                    )
                }
                let shown = exact ?? kept
                return ProbeSummary(
                    index: index,
                    identifier: file.text(probe.identifier),
                    file: file.text(probe.file),
                    line: Int(probe.line),
                    function: file.text(probe.function),
                    subscriptions: shown.subscriptions,
                    next: shown.next,
                    error: shown.error,
                    completed: shown.completed,
                    disposed: shown.disposed,
                    open: openPerProbe[index],
                    countsExact: exact != nil,
                    kept: kept
                )
            }
            let marks = file.marks.map { MarkSummary($0, in: file) }
            return TraceSummary(
                process: ProcessSummary(header: file.header, records: recordCount, probeCountsExact: totals != nil),
                probes: probes,
                marks: marks,
                leak: LeakAnalysis.analyze(
                    trace: file,
                    warmUpMarks: options.warmUpMarks,
                    allowedGrowth: options.allowedGrowth
                ),
                openSubscriptions: openSubscriptions,
                errors: errors,
                errorsOmitted: errorsOmitted,
                invalidRecords: invalidRecords
            )
        }
    }
}
