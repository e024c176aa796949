import RxTraceFormat

/// A made-up trace shaped like a busy program's, of any number of records, for measuring how
/// fast `rxtrace report` and `rxtrace export` read: 32 probes on 4 threads, up to 64
/// subscriptions open at a time, each subscribing, sending 1 to 64 elements (integers, texts
/// from a table of 256, doubles or Booleans, by probe), then completing (about 4 in 5), being
/// disposed early (1 in 5) or failing (1 in 100), and being disposed; ten marks with flat
/// resource counts (a clean leak verdict); the subscriptions still open at the end are listed
/// as open, as a real dump lists them.
///
/// The same record count always gives the same file: the records come from a fixed-seed
/// generator, run twice (once to learn which subscriptions stay open, since the metadata is
/// written before the records, once to write).
struct SyntheticTrace {
    /// The number of records.
    let recordCount: Int

    private static let probeCount = 32
    private static let threadNames = ["main", "worker-1", "worker-2", "worker-3"]
    private static let slotCount = 64
    private static let textCount = 256
    private static let errorTexts = ["NetworkError.timeout", "DecodingError.dataCorrupted", "CancellationError()"]
    private static let markCount = 10
    private static let resourceTypes: [(name: String, count: Int64)] = [
        ("PublishSubject<String>", 4),
        ("MapSink<String, Int>", 12),
        ("DebugSink<Int>", 32),
        ("AnonymousObserver<Int>", 64),
        ("CompositeDisposable", 8),
        ("DisposeBag", 2),
    ]
    /// Nanoseconds between records, on average (the clock of a made-up, very busy program).
    private static let nanosecondsPerRecord: UInt64 = 100

    /// The string table: what the metadata and the records refer to.
    private struct Strings {
        private(set) var all: [String] = [""]
        private var indices: [String: UInt32] = ["": 0]

        mutating func intern(_ text: String) -> UInt32 {
            if let index = indices[text] { return index }
            let index = UInt32(all.count)
            all.append(text)
            indices[text] = index
            return index
        }
    }

    /// Writes the trace to `path` (atomically, as every trace is written).
    ///
    /// - Throws: The writer's `TraceFileError`.
    func write(to path: String) throws {
        var strings = Strings()
        let probes = (0..<Self.probeCount).map { index in
            TraceProbe(
                identifier: strings.intern("screen\(index / 4).probe\(index)"),
                file: strings.intern("SyntheticApp/Feature\(index % 8).swift"),
                line: UInt32(20 + index * 7),
                function: strings.intern(index.isMultiple(of: 2) ? "bind()" : "viewDidLoad()")
            )
        }
        let threads = Self.threadNames.enumerated().map { index, name in
            TraceThread(systemID: UInt64(4_200 + index), name: strings.intern(name))
        }
        let texts = (0..<Self.textCount).map { strings.intern("item-\($0)") }
        let errors = Self.errorTexts.map { strings.intern($0) }
        let total = Self.resourceTypes.reduce(0) { $0 + $1.count }
        let types = Self.resourceTypes.map { TraceTypeCount(name: strings.intern($0.name), count: $0.count) }
        let marks = (1...Self.markCount).map { number in
            TraceMark(
                timestamp: UInt64(recordCount * number / (Self.markCount + 1)) * Self.nanosecondsPerRecord,
                label: strings.intern("iteration \(number)"),
                thread: 0,
                resourcesTotal: total,
                types: types
            )
        }
        let tables = RecordSource.Tables(texts: texts, errors: errors)

        // First pass: only which subscriptions are open at the end.
        var dryRun = RecordSource(tables: tables)
        for _ in 0..<recordCount { _ = dryRun.next() }
        let open = dryRun.openSubscriptions()

        let end = UInt64(recordCount) * Self.nanosecondsPerRecord + 1_000
        let header = TraceHeader(
            processID: 4_242,
            processName: "SyntheticApp",
            startWallClock: 1_763_000_000_000_000_000,
            clock: .cpuCounter,
            capacity: UInt64(recordCount),
            recordsWritten: UInt64(recordCount),
            recordsLost: 0,
            valueLimit: 64,
            dumpReason: .request,
            dumpTimestamp: end,
            siteCapture: .off
        )
        let file = TraceFile(
            header: header,
            strings: strings.all,
            probes: probes,
            threads: threads,
            marks: marks,
            openSubscriptions: open,
            sites: []
        )

        var source = RecordSource(tables: tables)
        let batch = TraceFormatLimits.maxRecordsPerBlock
        var buffer: [TraceRecord] = []
        buffer.reserveCapacity(batch)
        try TraceFileWriter.write(file, to: path) { writer in
            var remaining = recordCount
            while remaining > 0 {
                buffer.removeAll(keepingCapacity: true)
                for _ in 0..<min(batch, remaining) { buffer.append(source.next()) }
                try buffer.withUnsafeBufferPointer { try writer.append(contentsOf: $0) }
                remaining -= buffer.count
            }
        }
    }

    /// The record stream: a fixed-seed generator driving 64 subscription slots.
    private struct RecordSource {
        /// The string indices records use as values.
        struct Tables {
            let texts: [UInt32]
            let errors: [UInt32]
        }

        private enum Phase {
            case empty
            /// Subscribed; this many elements still to send.
            case sending(Int)
            /// Ended (or let go): the disposal record is next, with this reason.
            case disposing(TraceDisposalReason)
        }

        private struct Slot {
            var phase = Phase.empty
            var subscription: UInt64 = 0
            var probe: UInt32 = 0
            var thread: UInt16 = 0
            var subscribedAt: UInt64 = 0
        }

        private let tables: Tables
        private var random = SplitMix64(seed: 0x5EED_2ACE_0F7)
        private var slots = Array(repeating: Slot(), count: SyntheticTrace.slotCount)
        private var index: UInt64 = 0
        private var lastSubscription: UInt64 = 0

        init(tables: Tables) {
            self.tables = tables
        }

        /// The next record; timestamps rise by 100 ns on average, never backwards.
        mutating func next() -> TraceRecord {
            let roll = random.next()
            let timestamp = index * SyntheticTrace.nanosecondsPerRecord + (roll >> 58)
            index += 1
            let slotIndex = Int(roll % UInt64(slots.count))
            var slot = slots[slotIndex]
            defer { slots[slotIndex] = slot }
            let choice = (roll >> 8) % 1_000
            switch slot.phase {
            case .empty:
                lastSubscription += 1
                slot.subscription = lastSubscription
                slot.probe = UInt32((roll >> 20) % UInt64(SyntheticTrace.probeCount))
                slot.thread = UInt16((roll >> 30) % UInt64(SyntheticTrace.threadNames.count))
                slot.subscribedAt = timestamp
                slot.phase = .sending(1 + Int((roll >> 36) % 64))
                return record(slot, timestamp, .subscribed)
            case .sending(let left) where left > 0:
                slot.phase = .sending(left - 1)
                return element(slot, timestamp, roll)
            case .sending:
                if choice < 10 {
                    slot.phase = .disposing(.errored)
                    let text = tables.errors[Int(choice) % tables.errors.count]
                    return record(slot, timestamp, .error, .string, UInt64(text))
                }
                if choice < 200 {
                    slot.phase = .empty
                    return record(slot, timestamp, .disposed, .disposalReason, TraceDisposalReason.early.rawValue)
                }
                slot.phase = .disposing(.completed)
                return record(slot, timestamp, .completed)
            case .disposing(let reason):
                slot.phase = .empty
                return record(slot, timestamp, .disposed, .disposalReason, reason.rawValue)
            }
        }

        /// The subscriptions open now, as a dump lists them.
        func openSubscriptions() -> [TraceOpenSubscription] {
            slots.compactMap { slot -> TraceOpenSubscription? in
                if case .empty = slot.phase { return nil }
                return TraceOpenSubscription(
                    subscription: slot.subscription,
                    probe: slot.probe,
                    thread: slot.thread,
                    subscribedAt: slot.subscribedAt
                )
            }
            .sorted { $0.subscribedAt < $1.subscribedAt }
        }

        /// A `next` record whose value's kind depends on the probe.
        private func element(_ slot: Slot, _ timestamp: UInt64, _ roll: UInt64) -> TraceRecord {
            let bits = roll >> 16
            switch slot.probe % 4 {
            case 0, 1: return record(slot, timestamp, .next, .int, bits % 100_000)
            case 2: return record(slot, timestamp, .next, .string, UInt64(tables.texts[Int(bits % UInt64(tables.texts.count))]))
            default:
                if slot.probe % 8 == 3 { return record(slot, timestamp, .next, .bool, bits & 1) }
                return record(slot, timestamp, .next, .double, (Double(bits % 10_000) / 8).bitPattern)
            }
        }

        private func record(
            _ slot: Slot,
            _ timestamp: UInt64,
            _ kind: TraceEventKind,
            _ valueKind: TraceValueKind = .none,
            _ value: UInt64 = 0
        ) -> TraceRecord {
            TraceRecord(
                timestamp: timestamp,
                subscription: slot.subscription,
                probe: slot.probe,
                thread: slot.thread,
                kind: kind,
                valueKind: valueKind,
                value: value
            )
        }
    }
}

/// A small, fast pseudo-random generator with a fixed seed (SplitMix64), so that a record
/// count always gives the same trace.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
