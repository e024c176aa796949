import RxTraceFormat

extension MarbleDiagram {
    /// Collects the marble diagrams of a trace from records fed one at a time.
    ///
    /// Memory is bounded by the probes times the ``Limits``: per probe the first
    /// subscriptions, per subscription the first elements; later ones are only counted.
    public struct Builder: Sendable {
        private struct Slot: Sendable {
            var probe: Int
            var index: Int
            var elements = 0
        }

        /// The trace's metadata.
        public let file: TraceFile
        /// How much is kept.
        public let limits: Limits

        private var diagrams: [MarbleDiagram?]
        private var slots: [UInt64: Slot] = [:]

        /// Starts collecting.
        ///
        /// - Parameters:
        ///   - file: The trace's metadata.
        ///   - limits: How much to keep per probe.
        ///   - probes: The indices of the probes to draw; all when `nil`.
        public init(file: TraceFile, limits: Limits = Limits(), probes: Set<Int>? = nil) {
            self.file = file
            self.limits = limits
            self.diagrams = file.probes.enumerated().map { index, probe in
                guard probes?.contains(index) ?? true else { return nil }
                return MarbleDiagram(
                    probe: index,
                    identifier: file.text(probe.identifier),
                    file: file.text(probe.file),
                    line: Int(probe.line),
                    subscriptions: [],
                    limits: limits
                )
            }
        }

        /// Adds one record; records come in file order.
        public mutating func accumulate(_ record: TraceRecord) {
            let probe = Int(record.probe)
            guard probe < diagrams.count, diagrams[probe] != nil else { return }
            var slot: Slot
            if let known = slots[record.subscription] {
                slot = known
            } else {
                // A subscription not seen yet: kept while the probe has room. Without its
                // `subscribed` record (overwritten in the ring buffer) it starts at this record.
                guard diagrams[probe]?.subscriptions.count ?? 0 < limits.subscriptionsPerProbe else {
                    if record.kind == .subscribed {
                        diagrams[probe]?.droppedSubscriptions += 1
                    }
                    return
                }
                slot = Slot(probe: probe, index: diagrams[probe]?.subscriptions.count ?? 0)
                slots[record.subscription] = slot
                diagrams[probe]?.subscriptions.append(
                    MarbleSubscription(
                        subscription: record.subscription,
                        thread: file.threadName(record.thread),
                        subscribedAt: record.kind == .subscribed ? record.timestamp : nil
                    )
                )
                if record.kind == .subscribed { return }
            }
            if record.kind == .next {
                slot.elements += 1
                slots[record.subscription] = slot
            }
            Self.update(
                &diagrams[slot.probe], at: slot.index, keep: slot.elements <= limits.elementsPerSubscription, with: record, in: file)
        }

        /// Adds `record` to the subscription at `index` of `diagram`.
        ///
        /// Static on purpose: a method of the builder would hold a copy of `self`, and with it a
        /// second reference to `diagrams`, while `diagram` is changed in place, so every record
        /// would copy the array of all the probes' diagrams (quadratic in the probes).
        private static func update(
            _ diagram: inout MarbleDiagram?, at index: Int, keep: Bool, with record: TraceRecord, in file: TraceFile
        ) {
            guard diagram != nil else { return }
            switch record.kind {
            case .subscribed:
                diagram?.subscriptions[index].subscribedAt = record.timestamp
            case .next:
                if keep {
                    diagram?.subscriptions[index].events.append(
                        MarbleEvent(timestamp: record.timestamp, kind: .next(file.valueText(of: record)))
                    )
                } else {
                    diagram?.subscriptions[index].droppedElements += 1
                }
            case .error:
                diagram?.subscriptions[index].events.append(
                    MarbleEvent(timestamp: record.timestamp, kind: .error(file.valueText(of: record)))
                )
            case .completed:
                diagram?.subscriptions[index].events.append(MarbleEvent(timestamp: record.timestamp, kind: .completed))
            case .disposed:
                diagram?.subscriptions[index].disposedAt = record.timestamp
            }
        }

        /// The diagrams of the records so far, one per selected probe, in probe table order.
        public func finish() -> [MarbleDiagram] {
            diagrams.compactMap { $0 }
        }
    }
}
