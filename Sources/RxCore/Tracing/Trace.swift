import CRxTrace
import Foundation
internal import RxTraceFormat

/// Tracing: `debug()` probes record structured events into a bounded in-memory ring buffer,
/// and the trace is written to a file at exit, on `SIGUSR1`, or on request.
///
/// Most hosts need no code: run the program with `RXTRACE=path.rxtrace` (or `RXTRACE=1`) and
/// the library starts tracing on its first use (see ``TraceConfiguration`` for the other
/// variables). Programs that take command-line flags can pass their arguments to
/// ``bootstrap(arguments:)`` to accept `--rxtrace[=path]`. Tests and tools can drive it directly:
///
/// ```swift
/// Trace.start(TraceConfiguration(path: "run.rxtrace"))
/// for round in 1...3 {
///     runScenario()
///     Trace.mark("round \(round)")   // resource counts for the leak analysis
/// }
/// try Trace.dump()
/// ```
///
/// While tracing, a probe costs a few tens of nanoseconds per event instead of formatting and
/// printing a line; ``TraceConfiguration/echo`` keeps the lines too.
public enum Trace {
    /// The running session and the dump triggers installed so far, behind one lock.
    /// @unchecked: every field is touched only under `lock` (dispatch sources are not `Sendable`).
    private final class State: @unchecked Sendable {
        let lock = Lock()
        var session: TraceSession?
        var exitHookInstalled = false
        var signalSources: [any DispatchSourceProtocol] = []
        /// Set when the exit handler starts: a signal dump that has not started by then is left
        /// to it (``pendingSignal``) instead of racing the end of the process.
        var exiting = false
        /// A `SIGUSR1` request taken off the pipe that no dump has served yet.
        var pendingSignal = false
        /// The partial file of the signal dump being written, for the exit handler to remove
        /// when it stops waiting for that dump.
        var runningPartial: String?
        /// Entered by each signal dump while it runs; the exit handler waits on it.
        let signalDumps = DispatchGroup()
    }

    /// Where signal dumps run, one at a time.
    private static let dumpQueue = DispatchQueue(label: "rxtrace.dump", qos: .utility)

    private static let state = State()

    /// Whether probes are recording into a trace now.
    public static var isTracing: Bool { currentSession() != nil }

    /// The running trace's configuration, or `nil` when not tracing.
    public static var configuration: TraceConfiguration? { currentSession()?.configuration }

    /// Starts a new trace, replacing a running one (whose records are dropped).
    ///
    /// Subscriptions made through `debug()` from now on record into it.
    ///
    /// - Parameter configuration: Capacity, output path and options.
    public static func start(_ configuration: TraceConfiguration = TraceConfiguration()) {
        // The environment is read first, so that its trace never replaces this one later.
        _ = environmentRead
        begin(configuration)
    }

    private static func begin(_ configuration: TraceConfiguration) {
        let session = TraceSession(configuration: configuration)
        let (installExit, replaced) = state.lock.locked { () -> (Bool, TraceSession?) in
            let replaced = state.session
            state.session = session
            // Also for signal dumps alone: exit waits for the one running and serves a request
            // that came too late to start one.
            let first = !state.exitHookInstalled && (configuration.dumpsAtExit || configuration.dumpsOnSignal)
            if first { state.exitHookInstalled = true }
            return (first, replaced)
        }
        replaced?.sampler.stop()
        session.sampler.start(for: session)
        if installExit {
            atexit { Trace.dumpAtExit() }
        }
        if configuration.dumpsOnSignal {
            installSignalHandler()
        }
        LiveChannel.start(for: configuration)
    }

    /// Stops tracing: later subscriptions are not recorded. Subscriptions already open keep
    /// recording into the stopped trace's buffer, which is released when they end.
    public static func stop() {
        let stopped = state.lock.locked { () -> TraceSession? in
            defer { state.session = nil }
            return state.session
        }
        stopped?.sampler.stop()
    }

    /// A consistent copy of the running trace, or `nil` when not tracing.
    public static func snapshot() -> TraceSnapshot? {
        currentSession()?.snapshot(reason: .request)
    }

    /// Each probe's event counts since tracing started, exact however many records the ring
    /// buffer overwrote, read without copying the buffer (cheap enough for a metrics timer).
    /// Empty when not tracing.
    public static func probeTotals() -> [ProbeTotals] {
        currentSession()?.probeTotals() ?? []
    }

    /// How many resource samples the running trace has taken (``TraceConfiguration/samplePeriod``),
    /// kept or thinned out; 0 when not tracing or not sampling. For a program or a test that
    /// waits for the sampler instead of sleeping.
    public static var resourceSamplesTaken: Int {
        currentSession()?.sampler.taken ?? 0
    }

    /// Records a labelled moment with the current resource counts (``Resources/snapshot()``).
    ///
    /// A scenario that marks each repetition gives the leak analysis what it compares. Does
    /// nothing when not tracing.
    ///
    /// - Parameter label: What the moment is, such as `iteration 2`.
    public static func mark(_ label: String) {
        currentSession()?.mark(label)
    }

    /// Writes the running trace to a file, atomically (a temporary file renamed into place).
    ///
    /// An existing trace or empty file is replaced; any other file is left as it is (unless
    /// ``TraceConfiguration/replacesAnyFile``); a device, a FIFO or an open descriptor
    /// (`/dev/stdout`) is written as it is; a folder is refused. `docs/tracing.md` has the
    /// whole rule.
    ///
    /// - Parameter path: Where to write; `nil` for the configured path.
    /// - Returns: The path written.
    /// - Throws: ``TraceDumpError`` when not tracing or when no path is known, or the file
    ///   writer's error naming the path and the cause.
    @discardableResult
    public static func dump(to path: String? = nil) throws -> String {
        try dump(to: path, reason: .request)
    }

    /// Starts tracing when the arguments hold `--rxtrace` or `--rxtrace=PATH`, and returns the
    /// arguments without it, for the program's own parsing.
    ///
    /// `--rxtrace` alone writes `<process>-<pid>.rxtrace`; the `RXTRACE_*` variables still set
    /// the other options.
    ///
    /// - Parameter arguments: The program's arguments, usually `CommandLine.arguments`.
    /// - Returns: `arguments` without the tracing flag.
    public static func bootstrap(arguments: [String]) -> [String] {
        var remaining: [String] = []
        var requested: String?
        for argument in arguments {
            if argument == "--rxtrace" {
                requested = ""
            } else if argument.hasPrefix("--rxtrace=") {
                requested = String(argument.dropFirst("--rxtrace=".count))
            } else {
                remaining.append(argument)
            }
        }
        guard let requested else { return remaining }
        _ = environmentRead
        if requested.unicodeScalars.contains("\u{FFFD}"), let refusal = TracePathBytes.argumentRefusal() {
            FileHandle.standardError.write(Data("rxtrace: tracing not started: \(refusal)\n".utf8))
            return remaining
        }
        var environment = ProcessInfo.processInfo.environment
        environment["RXTRACE"] = requested.isEmpty ? "1" : requested
        startFromEnvironment(environment)
        return remaining
    }

    // MARK: - Internals

    /// The running session; reads the environment on the first call.
    static func currentSession() -> TraceSession? {
        _ = environmentRead
        return state.lock.locked { state.session }
    }

    /// Reads `RXTRACE` and the options once, on the library's first use.
    static let environmentRead: Void = {
        if let refusal = TracePathBytes.environmentRefusal() {
            FileHandle.standardError.write(Data("rxtrace: tracing not started: \(refusal)\n".utf8))
            return
        }
        startFromEnvironment(ProcessInfo.processInfo.environment)
    }()

    private static func startFromEnvironment(_ environment: [String: String]) {
        let info = ProcessInfo.processInfo
        do {
            if let configuration = try TraceConfiguration(
                environment: environment,
                processName: info.processName,
                processID: info.processIdentifier
            ) {
                begin(configuration)
            }
        } catch {
            FileHandle.standardError.write(Data("rxtrace: tracing not started: \(error)\n".utf8))
        }
    }

    private static func dump(to path: String?, reason: TraceDumpReason, started: (String) -> Void = { _ in }) throws -> String {
        guard let session = currentSession() else { throw TraceDumpError.notTracing }
        guard let target = path ?? session.configuration.path else { throw TraceDumpError.noPath }
        try session.write(
            reason: reason,
            to: target,
            replacing: session.configuration.replacesAnyFile ? .anyFile : .tracesOnly,
            started: started
        )
        return target
    }

    /// At normal exit: waits (at most ``TraceConfiguration/exitDumpWait``) for a signal dump
    /// being written, then writes the exit dump, or, without one, the dump a `SIGUSR1` asked for
    /// that no dump served yet. A signal dump still running when the wait ends is dropped, its
    /// partial file removed, and a line on standard error says so.
    private static func dumpAtExit() {
        state.lock.locked {
            state.exiting = true
            // Under the lock, as the pipe's reader drains it: a request is either taken by a
            // signal dump that has started (and is waited for) or seen here.
            if rxtrace_dump_signal_drain() > 0 { state.pendingSignal = true }
        }
        // Waited for even when tracing was stopped since: its file is still being written.
        let configuration = currentSession()?.configuration
        let wait = max(0, configuration?.exitDumpWait ?? TraceConfiguration.defaultExitDumpWait)
        if state.signalDumps.wait(timeout: .now() + wait) == .timedOut {
            let partial = state.lock.locked { state.runningPartial }
            if let partial { unlink(partial) }
            let seconds = wait == wait.rounded() ? String(Int(wait)) : String(wait)
            FileHandle.standardError.write(
                Data("rxtrace: a SIGUSR1 dump still being written after \(seconds) s at exit was dropped\n".utf8))
        }
        guard let configuration, configuration.path != nil else { return }
        if configuration.dumpsAtExit {
            report(reason: .exit)
        } else if configuration.dumpsOnSignal, state.lock.locked({ state.pendingSignal }) {
            report(reason: .signal)
        }
    }

    /// Dumps on `SIGUSR1`, by two routes that never both see one signal. The C handler
    /// (installed at load time when `RXTRACE` is set, else here) only writes a byte to a pipe,
    /// read here, so a signal that came before tracing started is answered now, with one dump
    /// for however many requests waited. The dispatch signal source takes the signals the
    /// handler cannot see: those sent while the signal was blocked (a mask inherited from the
    /// parent), which stay pending until it reads them.
    ///
    /// Signal dumps run one at a time on a serial queue. Once the program has started to exit,
    /// none starts: the exit handler serves the request (``dumpAtExit()``).
    private static func installSignalHandler() {
        state.lock.locked {
            guard state.signalSources.isEmpty else { return }
            let queue = dumpQueue
            let descriptor = rxtrace_dump_signal_install()
            if descriptor >= 0 {
                let pipe = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
                pipe.setEventHandler { Trace.dumpOnSignal(fromPipe: true) }
                pipe.resume()
                state.signalSources.append(pipe)
            } else {
                signal(SIGUSR1, SIG_IGN)
            }
            let signalSource = DispatchSource.makeSignalSource(signal: SIGUSR1, queue: queue)
            signalSource.setEventHandler { Trace.dumpOnSignal(fromPipe: false) }
            signalSource.resume()
            state.signalSources.append(signalSource)
        }
    }

    private static func dumpOnSignal(fromPipe: Bool) {
        let starts = state.lock.locked { () -> Bool in
            if fromPipe, rxtrace_dump_signal_drain() == 0, !state.pendingSignal { return false }
            if state.exiting {
                state.pendingSignal = true
                return false
            }
            state.pendingSignal = false
            state.signalDumps.enter()
            return true
        }
        guard starts else { return }
        defer {
            state.lock.locked { state.runningPartial = nil }
            state.signalDumps.leave()
        }
        guard let session = currentSession(), session.configuration.dumpsOnSignal else { return }
        report(reason: .signal) { partial in
            state.lock.locked { state.runningPartial = partial }
        }
    }

    /// Dumps to the configured path and says so on standard error; `started` gets the partial
    /// file's path once it exists.
    private static func report(reason: TraceDumpReason, started: (String) -> Void = { _ in }) {
        let configuration = currentSession()?.configuration
        let message: String?
        do {
            let path = try dump(to: nil, reason: reason, started: started)
            appendOutcome("written", to: configuration?.outcomeFile)
            message = configuration?.announcesDumps ?? true ? "rxtrace: trace written to \(path)" : nil
        } catch {
            appendOutcome("not written: \(error)", to: configuration?.outcomeFile)
            message = "rxtrace: trace not written: \(error)"
        }
        if let message {
            FileHandle.standardError.write(Data((message + "\n").utf8))
        }
    }

    /// Appends `outcome` as one line to ``TraceConfiguration/outcomeFile`` when it names an
    /// existing file; failures are ignored (the line on standard error says the same).
    private static func appendOutcome(_ outcome: String, to path: String?) {
        guard let path else { return }
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        let line = Array((outcome.replacingOccurrences(of: "\n", with: " ") + "\n").utf8)
        _ = line.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    }
}

/// Why ``Trace/dump(to:)`` could not write a trace.
public enum TraceDumpError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Tracing is not running.
    case notTracing
    /// No path was given and none is configured.
    case noPath

    /// A sentence saying what is wrong.
    public var description: String {
        switch self {
        case .notTracing: "tracing is not running (set RXTRACE or call Trace.start)"
        case .noPath: "no trace path given and none configured (set RXTRACE=path or pass a path)"
        }
    }
}
