internal import RxTraceFormat

extension ObservableType {
    /// Prints every event, the subscription and the disposal, each on a timestamped line,
    /// and passes the events through unchanged.
    ///
    /// Each line reads `<time>: <identifier> -> <message>`, with the time in local time as
    /// `yyyy-MM-dd HH:mm:ss.SSS` and the message one of `subscribed`, `Event next(…)`,
    /// `Event error(…)`, `Event completed` and `isDisposed`. Lines are printed as they
    /// happen, so they interleave with the subscriber's own output.
    ///
    /// ```swift
    /// _ = Observable.from([1, 2])
    ///     .debug("From Debug")
    ///     .subscribe { event in print(event) }
    /// // 2017-06-30 20:24:46.078: From Debug -> subscribed
    /// // 2017-06-30 20:24:46.080: From Debug -> Event next(1)
    /// // next(1)
    /// // 2017-06-30 20:24:46.081: From Debug -> Event next(2)
    /// // next(2)
    /// // 2017-06-30 20:24:46.082: From Debug -> Event completed
    /// // completed
    /// // 2017-06-30 20:24:46.082: From Debug -> isDisposed
    /// ```
    ///
    /// - Parameters:
    ///   - identifier: The name printed on each line; by default `File.swift:line (function)`
    ///     of the call site.
    ///   - trimOutput: Whether to shorten event descriptions longer than 40 characters to
    ///     their first 20 and last 20 characters around `...`.
    ///   - file: The call site's file, for the default identifier.
    ///   - line: The call site's line, for the default identifier.
    ///   - function: The call site's function, for the default identifier.
    /// - Returns: The source's events, unchanged.
    public func debug(
        _ identifier: String? = nil,
        trimOutput: Bool = false,
        file: String = #fileID,
        line: UInt = #line,
        function: String = #function
    ) -> Observable<Element> {
        let site = DebugSite(file: file, line: line, function: function)
        let name = identifier ?? site.defaultIdentifier
        return ResourceSites.withCallSite(file: file, line: line) {
            DebugProducer(source: asObservable(), identifier: name, trimOutput: trimOutput, site: site)
        }
    }
}

/// Where `debug()` was called: the default identifier's parts, and the probe's site in a trace.
private struct DebugSite {
    let file: String
    let line: UInt
    let function: String

    /// `File.swift:line (function)`, naming the call site of `debug()`.
    var defaultIdentifier: String {
        let fileName = file.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? file
        return "\(fileName):\(line) (\(function))"
    }
}

/// Logs each event before passing it on, and the disposal once.
///
/// When tracing is on at subscription time, the events go into the trace's ring buffer as
/// records instead of text lines (and as lines too when the trace echoes).
private final class DebugSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Element = Observer.Element

    /// The longest event description printed whole when trimming.
    private static var maximumEventLength: Int { 40 }

    private let identifier: String
    private let trimOutput: Bool
    private let printsText: Bool
    private let trace: TraceProbeHandle<Element>?
    /// Why the subscription ends, as a ``TraceDisposalReason`` raw value: written by the event
    /// thread, read by `dispose()`, which may run on another thread.
    @exclusivity(unchecked) private var stopReason = InlineAtomic<UInt64>(TraceDisposalReason.early.rawValue)
    @exclusivity(unchecked) private var disposalLogged = InlineAtomic<Bool>(false)

    init(identifier: String, trimOutput: Bool, site: DebugSite, observer: Observer, cancel: Cancelable) {
        self.identifier = identifier
        self.trimOutput = trimOutput
        if let session = Trace.currentSession() {
            trace = TraceProbeHandle(session: session, identifier: identifier, file: site.file, line: site.line, function: site.function)
            printsText = session.configuration.echo
        } else {
            trace = nil
            printsText = true
        }
        super.init(observer: observer, cancel: cancel)
        if printsText {
            DebugOutput.log(identifier: identifier, message: "subscribed")
        }
    }

    func on(_ event: Event<Element>) {
        let reason: TraceDisposalReason
        switch event {
        case .next(let element):
            _onNext(element)
            return
        case .error:
            reason = .errored
        case .completed:
            reason = .completed
        }
        trace?.record(event)
        if printsText {
            DebugOutput.log(identifier: identifier, message: "Event \(describe(event))")
        }
        InlineAtomic.store(&stopReason, reason.rawValue, ordering: .releasing)
        forwardOn(event)
        dispose()
    }

    func _onNext(_ element: Element) {
        trace?.recordNext(element)
        if printsText {
            logNext(element)
        }
        forwardNext(element)
    }

    /// Prints the line of `.next(element)`; out of line, so that the per-element path does not
    /// look up the `Event` type this builds.
    @inline(never)
    private func logNext(_ element: Element) {
        DebugOutput.log(identifier: identifier, message: "Event \(describe(.next(element)))")
    }

    /// The event as `debug()` prints it, shortened when trimming asks for it.
    private func describe(_ event: Event<Element>) -> String {
        let text = String(describing: event)
        let limit = Self.maximumEventLength
        guard trimOutput, text.count > limit else { return text }
        return "\(text.prefix(limit / 2))...\(text.suffix(limit / 2))"
    }

    override func dispose() {
        if !InlineAtomic.exchange(&disposalLogged, true, ordering: .acquiringAndReleasing) {
            trace?.disposed(TraceDisposalReason(rawValue: InlineAtomic.load(&stopReason, ordering: .acquiring)) ?? .unknown)
            if printsText {
                DebugOutput.log(identifier: identifier, message: "isDisposed")
            }
        }
        super.dispose()
    }
}

/// The observable behind ``ObservableType/debug(_:trimOutput:file:line:function:)``.
private final class DebugProducer<Element>: Producer<Element> {
    private let source: Observable<Element>
    private let identifier: String
    private let trimOutput: Bool
    private let site: DebugSite

    init(source: Observable<Element>, identifier: String, trimOutput: Bool, site: DebugSite) {
        self.source = source
        self.identifier = identifier
        self.trimOutput = trimOutput
        self.site = site
    }

    override func run<Observer: ObserverType>(
        _ observer: Observer,
        cancel: Cancelable
    ) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = DebugSink(identifier: identifier, trimOutput: trimOutput, site: site, observer: observer, cancel: cancel)
        let subscription = source.subscribe(sink)
        return (sink: sink, subscription: subscription)
    }
}
