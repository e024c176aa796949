import RxTraceFormat

/// A trace of a search view model with three innocent bindings and one `subscribe(onNext:)`
/// whose closure captures the model, as the tracing runtime writes it: one site per
/// subscription, with its kind in the site subscriptions section, and the model's own subject
/// and bag at no site. Each of 4 repetitions leaks one more model.
public enum OwnerLeakTrace {
    /// The line of the capturing `subscribe(onNext:)`: the one finding.
    public static let capturingFrame = "App/SearchViewModel.swift:31"
    /// Its fingerprint.
    public static let capturingFingerprint: UInt64 = 0x0000_5eed_0000_0031
    /// The lines of the three bindings.
    public static let bindingFrames = ["App/SearchViewModel.swift:22", "App/SearchViewModel.swift:25", "App/SearchViewModel.swift:28"]

    /// Writes the trace; without `subscriptions`, the same sites without the site
    /// subscriptions section (a trace written before it existed).
    public static func write(to path: String, subscriptions: Bool = true) throws {
        let types = [
            "RxCore.AnonymousObserver<Swift.String>", "RxCore.SinkDisposer", "RxCore.PublishSubject<Swift.String>", "RxCore.DisposeBag",
        ]
        var strings = ["", "warm-up", "repetition 1", "repetition 2", "repetition 3", "repetition 4", "main", "SearchApp", "query"]
        func intern(_ text: String) -> UInt32 {
            if let index = strings.firstIndex(of: text) { return UInt32(index) }
            strings.append(text)
            return UInt32(strings.count - 1)
        }
        let observer = intern(types[0])
        let disposer = intern(types[1])
        let subject = intern(types[2])
        let bag = intern(types[3])
        // Per repetition: 2 resources per subscription (4 subscriptions), 1 subject, 1 bag.
        let perRepetition: Int64 = 10
        let marks = (0..<5).map { index in
            let leaked = Int64(index + 1)
            return TraceMark(
                timestamp: UInt64(100 * (index + 1)),
                label: UInt32(index + 1),
                thread: 0,
                resourcesTotal: perRepetition * leaked,
                types: [
                    TraceTypeCount(name: observer, count: 4 * leaked),
                    TraceTypeCount(name: disposer, count: 4 * leaked),
                    TraceTypeCount(name: subject, count: leaked),
                    TraceTypeCount(name: bag, count: leaked),
                ]
            )
        }
        let live: Int64 = 5
        func subscriptionSite(_ frame: String, _ fingerprint: UInt64, _ kind: TraceSiteSubscription) -> TraceSite {
            TraceSite(
                fingerprint: fingerprint,
                userFrame: intern(frame),
                frames: [],
                live: [TraceTypeCount(name: observer, count: live), TraceTypeCount(name: disposer, count: live)],
                subscription: subscriptions ? kind : .none
            )
        }
        var sites = bindingFrames.enumerated().map { index, frame in
            subscriptionSite(frame, 0x0000_5eed_0000_0022 + UInt64(index), .binding)
        }
        sites.append(subscriptionSite(capturingFrame, capturingFingerprint, .closure))
        sites.append(
            TraceSite(
                fingerprint: 0x0000_0000_0000_0bad,
                userFrame: intern("(unknown site)"),
                frames: [],
                live: [TraceTypeCount(name: subject, count: live), TraceTypeCount(name: bag, count: live)]
            )
        )
        let header = TraceHeader(
            processID: 7, processName: "SearchApp", startWallClock: 1_700_000_000_000_000_000, clock: .monotonic,
            capacity: 1024, recordsWritten: 0, recordsLost: 0, valueLimit: 64, dumpReason: .exit,
            dumpTimestamp: 1_000, siteCapture: .off
        )
        let file = TraceFile(
            header: header,
            strings: strings,
            probes: [TraceProbe(identifier: 8, file: intern(capturingFrame), line: 31, function: 0)],
            threads: [TraceThread(systemID: 1, name: 6)],
            marks: marks,
            openSubscriptions: [],
            sites: sites
        )
        try TraceFileWriter.write(file, records: [], to: path)
    }
}
