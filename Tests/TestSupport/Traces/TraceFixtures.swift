import RxTraceFormat

/// Traces to write and read back.
public enum TraceFixtures {
    /// A header with every field set to a distinctive value.
    public static func header(
        processName: String = "FixtureApp",
        clock: TraceClock = .cpuCounter,
        dumpReason: TraceDumpReason = .signal,
        siteCapture: TraceSiteCapture = .sampled(every: 64)
    ) -> TraceHeader {
        TraceHeader(
            processID: 48_213,
            processName: processName,
            startWallClock: 1_763_800_000_123_456_789,
            clock: clock,
            capacity: 1 << 20,
            recordsWritten: 1_500_000,
            recordsLost: 451_424,
            valueLimit: 120,
            dumpReason: dumpReason,
            dumpTimestamp: 98_765_432_100,
            siteCapture: siteCapture
        )
    }

    /// Strings with non-ASCII text: accents, CJK, emoji with a zero-width joiner, a combining
    /// mark, a NUL, a newline.
    public static let strings: [String] = [
        "",
        "search.results",
        "App/SearchViewModel.swift",
        "bind(to:)",
        "main",
        "com.apple.root.default-qos",
        "Ünïcødé – 検索 – 🧑‍💻",
        "e\u{301} with a combining accent",
        "NUL\u{0}inside",
        "multi\nline",
        "AnonymousObserver<Int>",
        "SinkFor<Map<String>>",
        "iteration 1",
        "iteration 2",
        "RxCore.Producer.subscribe",
        "App/Search.swift:42",
        String(repeating: "long ", count: 400),
    ]

    /// A trace whose tables all have entries, referring to ``strings``.
    public static func file(header: TraceHeader = header()) -> TraceFile {
        TraceFile(
            header: header,
            strings: strings,
            probes: [
                TraceProbe(identifier: 1, file: 2, line: 42, function: 3),
                TraceProbe(identifier: 6, file: 2, line: UInt32.max, function: 4),
                TraceProbe(identifier: 0, file: 0, line: 0, function: 0),
            ],
            threads: [
                TraceThread(systemID: 4_201, name: 4),
                TraceThread(systemID: UInt64.max, name: 5),
                TraceThread(systemID: 0, name: 0),
            ],
            marks: [
                TraceMark(
                    timestamp: 1_000,
                    label: 12,
                    thread: 0,
                    resourcesTotal: 17,
                    types: [TraceTypeCount(name: 10, count: 3), TraceTypeCount(name: 11, count: 14)]
                ),
                TraceMark(timestamp: 2_000, label: 13, thread: 2, resourcesTotal: -5, types: []),
            ],
            openSubscriptions: [
                TraceOpenSubscription(subscription: 77, probe: 1, thread: 1, subscribedAt: 1_500),
                TraceOpenSubscription(subscription: UInt64.max, probe: 2, thread: 2, subscribedAt: 0),
            ],
            sites: [
                TraceSite(
                    fingerprint: 0xDEAD_BEEF_CAFE_F00D,
                    userFrame: 15,
                    frames: [14, 15, 3],
                    live: [TraceTypeCount(name: 10, count: 2), TraceTypeCount(name: 11, count: Int64.min)]
                ),
                TraceSite(fingerprint: 1, userFrame: 0, frames: [], live: []),
            ]
        )
    }

    /// A trace with every table empty.
    public static func emptyFile() -> TraceFile {
        TraceFile(
            header: header(processName: "", siteCapture: .off),
            strings: [],
            probes: [],
            threads: [],
            marks: [],
            openSubscriptions: [],
            sites: []
        )
    }

    /// `count` records valid for ``file(header:)``, cycling through every event kind, every
    /// value kind and every disposal reason, with varied numbers.
    public static func records(_ count: Int, seed: UInt64 = 7) -> [TraceRecord] {
        var random = SplitMix64(seed: seed)
        let kinds = TraceEventKind.allCases
        let valueKinds = TraceValueKind.allCases
        let reasons = TraceDisposalReason.allCases
        return (0..<count).map { index in
            let valueKind = valueKinds[index % valueKinds.count]
            let value: UInt64 =
                switch valueKind {
                case .none: 0
                case .int: UInt64(bitPattern: Int64.random(in: .min ... .max, using: &random))
                case .uint: random.next()
                case .double: (Double(index) * -1.25).bitPattern
                case .bool: UInt64(index & 1)
                case .string: UInt64(index % strings.count)
                case .disposalReason: reasons[index % reasons.count].rawValue
                }
            return TraceRecord(
                timestamp: UInt64(index) * 37 + (random.next() & 0xF),
                subscription: random.next(),
                probe: UInt32(index % 3),
                thread: UInt16((index / 3) % 3),
                kind: kinds[(index / 7) % kinds.count],
                valueKind: valueKind,
                value: value
            )
        }
    }
}
