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
    }

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
        let installExit = state.lock.locked { () -> Bool in
            state.session = session
            let first = !state.exitHookInstalled && configuration.dumpsAtExit
            if first { state.exitHookInstalled = true }
            return first
        }
        if installExit {
            atexit { Trace.dumpAtExit() }
        }
        if configuration.dumpsOnSignal {
            installSignalHandler()
        }
    }

    /// Stops tracing: later subscriptions are not recorded. Subscriptions already open keep
    /// recording into the stopped trace's buffer, which is released when they end.
    public static func stop() {
        state.lock.locked { state.session = nil }
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

    private static func dump(to path: String?, reason: TraceDumpReason) throws -> String {
        guard let session = currentSession() else { throw TraceDumpError.notTracing }
        guard let target = path ?? session.configuration.path else { throw TraceDumpError.noPath }
        try session.write(reason: reason, to: target, replacing: session.configuration.replacesAnyFile ? .anyFile : .tracesOnly)
        return target
    }

    private static func dumpAtExit() {
        guard let session = currentSession(), session.configuration.dumpsAtExit, session.configuration.path != nil else { return }
        report(reason: .exit)
    }

    /// Dumps on `SIGUSR1`, by two routes that never both see one signal. The C handler
    /// (installed at load time when `RXTRACE` is set, else here) only writes a byte to a pipe,
    /// read here, so a signal that came before tracing started is answered now, with one dump
    /// for however many requests waited. The dispatch signal source takes the signals the
    /// handler cannot see: those sent while the signal was blocked (a mask inherited from the
    /// parent), which stay pending until it reads them.
    private static func installSignalHandler() {
        state.lock.locked {
            guard state.signalSources.isEmpty else { return }
            let queue = DispatchQueue.global(qos: .utility)
            let descriptor = rxtrace_dump_signal_install()
            if descriptor >= 0 {
                let pipe = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
                pipe.setEventHandler {
                    guard rxtrace_dump_signal_drain() > 0 else { return }
                    Trace.dumpOnSignal()
                }
                pipe.resume()
                state.signalSources.append(pipe)
            } else {
                signal(SIGUSR1, SIG_IGN)
            }
            let signalSource = DispatchSource.makeSignalSource(signal: SIGUSR1, queue: queue)
            signalSource.setEventHandler { Trace.dumpOnSignal() }
            signalSource.resume()
            state.signalSources.append(signalSource)
        }
    }

    private static func dumpOnSignal() {
        guard let session = currentSession(), session.configuration.dumpsOnSignal else { return }
        report(reason: .signal)
    }

    /// Dumps to the configured path and says so on standard error.
    private static func report(reason: TraceDumpReason) {
        let message: String
        do {
            let path = try dump(to: nil, reason: reason)
            guard currentSession()?.configuration.announcesDumps ?? true else { return }
            message = "rxtrace: trace written to \(path)"
        } catch {
            message = "rxtrace: trace not written: \(error)"
        }
        FileHandle.standardError.write(Data((message + "\n").utf8))
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
