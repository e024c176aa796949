import Foundation
internal import RxTraceFormat

/// How a trace runs and where it goes.
///
/// Hosts usually set it from outside with environment variables, read on the library's first
/// use (see ``init(environment:processName:processID:)``):
///
/// | variable | meaning | default |
/// |---|---|---|
/// | `RXTRACE` | the trace file's path, or `1` for `<process>-<pid>.rxtrace` | tracing off |
/// | `RXTRACE_CAPACITY` | ring buffer capacity in records (`k`/`m` suffixes allowed) | 1m |
/// | `RXTRACE_ECHO` | `1` to print `debug()`'s text lines as well | `0` |
/// | `RXTRACE_VALUE_LENGTH` | longest element description kept, in bytes | 64 |
/// | `RXTRACE_SIGNAL` | `0` to not dump on `SIGUSR1` | `1` |
/// | `RXTRACE_EXIT` | `0` to not dump at normal exit | `1` |
/// | `RXTRACE_EXIT_WAIT` | the longest wait at exit for a `SIGUSR1` dump being written, in seconds | `10` |
/// | `RXTRACE_QUIET` | `1` to not say on standard error where the trace went | `0` |
/// | `RXTRACE_REPLACE` | `1` to replace a file at `RXTRACE` that is not a trace | `0` |
/// | `RXTRACE_OUTCOME_FILE` | an existing file to append one line per dump at exit or on `SIGUSR1` to | none |
/// | `RXTRACE_LIVE` | `0` to not serve the live channel (`docs/live.md`) | `1` |
/// | `RXTRACE_SAMPLE_PERIOD` | seconds between two resource samples (`docs/leaks.md`), `0` for none | `1` |
public struct TraceConfiguration: Sendable, Hashable {
    /// Where the trace is written at exit and on `SIGUSR1`; `nil` writes only on request.
    public var path: String?
    /// The ring buffer's capacity in records (32 bytes each); the oldest records are
    /// overwritten when it is full. Rounded up to whole chunks of 256 records, at least 2048,
    /// at most ``maximumCapacity``; memory is taken a chunk at a time as records are written.
    /// Each thread also keeps its newest records (up to a chunk) outside the ring until its
    /// chunk is full.
    public var capacity: Int
    /// Whether probes also print their text lines, as `debug()` does without tracing.
    public var echo: Bool
    /// The longest element or error description kept, in UTF-8 bytes.
    public var valueLimit: Int
    /// The most distinct strings (descriptions, names) the trace keeps.
    public var maximumStrings: Int
    /// Whether to write the trace when the program exits normally.
    public var dumpsAtExit: Bool
    /// Whether to write the trace, and keep running, when the program receives `SIGUSR1`.
    public var dumpsOnSignal: Bool
    /// The longest time, in seconds, normal exit waits for a `SIGUSR1` dump still being
    /// written, so that it is completed instead of cut off; a dump that takes longer is
    /// dropped (its partial file removed) with a line on standard error. A `SIGUSR1` that came
    /// too late to start a dump is served at exit, by the exit dump or, without one, by a
    /// signal dump.
    public var exitDumpWait: Double = TraceConfiguration.defaultExitDumpWait
    /// Whether a dump at exit or on `SIGUSR1` says on standard error where the trace went.
    public var announcesDumps: Bool
    /// Whether a dump may replace a regular file at the path that is not a trace; by default
    /// only a trace or an empty file is replaced, anything else is left as it is.
    public var replacesAnyFile: Bool = false
    /// An existing file that each dump at exit or on `SIGUSR1` appends one line to, `written`
    /// or `not written: <reason>`, for a tool that started the program (`rxtrace record`) and
    /// cannot see the trace itself, such as one sent into a FIFO. Never created.
    public var outcomeFile: String?
    /// Whether the program answers `rxtrace top`, `mark` and `snapshot` on a Unix domain socket
    /// in a folder only its user can enter (`docs/live.md`); one background thread, started by
    /// the first trace that asks for it.
    public var servesLive: Bool = true
    /// Seconds between two samples of the live resource counts, taken by a background thread
    /// while the trace runs, so that a trace without marks can still be judged for leaks
    /// (growth over time, `docs/leaks.md`); `0` takes none. At most
    /// ``maximumResourceSamples`` are kept: when they are all taken, every second one is dropped
    /// and the period doubles. Nothing is added to the path of events.
    public var samplePeriod: Double = TraceConfiguration.defaultSamplePeriod

    /// The default capacity: about a million records (32 MiB).
    public static let defaultCapacity = 1 << 20
    /// The default longest description kept.
    public static let defaultValueLimit = 64
    /// The default period of the resource samples: one second.
    public static let defaultSamplePeriod = 1.0
    /// The most resource samples a trace keeps: 256, whatever it runs for.
    public static let maximumResourceSamples = 256
    /// The shortest period of the resource samples that is not `0`: a millisecond.
    public static let minimumSamplePeriod = 0.001

    /// The default longest wait at exit for a signal dump being written: ten seconds.
    public static let defaultExitDumpWait = 10.0

    /// Creates a configuration.
    ///
    /// - Parameters:
    ///   - path: Where to write the trace at exit and on `SIGUSR1`; `nil` for on request only.
    ///   - capacity: The ring buffer's capacity in records.
    ///   - echo: Whether probes also print their text lines.
    ///   - valueLimit: The longest description kept, in UTF-8 bytes.
    ///   - maximumStrings: The most distinct strings kept.
    ///   - dumpsAtExit: Whether to write the trace at normal exit.
    ///   - dumpsOnSignal: Whether to write the trace on `SIGUSR1`.
    ///   - announcesDumps: Whether dumps at exit or on `SIGUSR1` say where the trace went.
    public init(
        path: String? = nil,
        capacity: Int = TraceConfiguration.defaultCapacity,
        echo: Bool = false,
        valueLimit: Int = TraceConfiguration.defaultValueLimit,
        maximumStrings: Int = 1 << 16,
        dumpsAtExit: Bool = true,
        dumpsOnSignal: Bool = true,
        announcesDumps: Bool = true
    ) {
        self.path = path
        self.capacity = capacity
        self.echo = echo
        self.valueLimit = valueLimit
        self.maximumStrings = maximumStrings
        self.dumpsAtExit = dumpsAtExit
        self.dumpsOnSignal = dumpsOnSignal
        self.announcesDumps = announcesDumps
    }

    /// The configuration the environment asks for, or `nil` when `RXTRACE` is unset, empty or `0`.
    ///
    /// - Parameters:
    ///   - environment: The variables, usually `ProcessInfo.processInfo.environment`.
    ///   - processName: The process name, for the default file name.
    ///   - processID: The process id, for the default file name.
    /// - Throws: ``TraceConfigurationError`` naming the variable and the value it could not use.
    public init?(environment: [String: String], processName: String, processID: Int32) throws {
        guard let value = environment["RXTRACE"], !value.isEmpty, value != "0" else { return nil }
        self.init(path: value == "1" ? Self.defaultPath(processName: processName, processID: processID) : value)
        if let text = environment["RXTRACE_CAPACITY"] {
            capacity = try Self.capacity(text)
        }
        if let text = environment["RXTRACE_ECHO"] {
            echo = try Self.flag(text, variable: "RXTRACE_ECHO")
        }
        if let text = environment["RXTRACE_VALUE_LENGTH"] {
            valueLimit = try Self.count(text, variable: "RXTRACE_VALUE_LENGTH")
        }
        if let text = environment["RXTRACE_SIGNAL"] {
            dumpsOnSignal = try Self.flag(text, variable: "RXTRACE_SIGNAL")
        }
        if let text = environment["RXTRACE_EXIT"] {
            dumpsAtExit = try Self.flag(text, variable: "RXTRACE_EXIT")
        }
        if let text = environment["RXTRACE_EXIT_WAIT"] {
            guard let seconds = Double(text.trimmingCharacters(in: .whitespaces)), seconds.isFinite, seconds >= 0, seconds <= 86_400
            else {
                throw TraceConfigurationError(
                    variable: "RXTRACE_EXIT_WAIT", value: text, expected: "a number of seconds from 0 to 86400, such as 10 or 0.5")
            }
            exitDumpWait = seconds
        }
        if let text = environment["RXTRACE_OUTCOME_FILE"], !text.isEmpty {
            outcomeFile = text
        }
        if let text = environment["RXTRACE_QUIET"] {
            announcesDumps = !(try Self.flag(text, variable: "RXTRACE_QUIET"))
        }
        if let text = environment["RXTRACE_REPLACE"] {
            replacesAnyFile = try Self.flag(text, variable: "RXTRACE_REPLACE")
        }
        if let text = environment["RXTRACE_LIVE"] {
            servesLive = try Self.flag(text, variable: "RXTRACE_LIVE")
        }
        if let text = environment["RXTRACE_SAMPLE_PERIOD"] {
            guard let seconds = Double(text.trimmingCharacters(in: .whitespaces)), seconds.isFinite,
                seconds == 0 || (Self.minimumSamplePeriod...3600).contains(seconds)
            else {
                throw TraceConfigurationError(
                    variable: "RXTRACE_SAMPLE_PERIOD", value: text,
                    expected: "0 (no samples) or a number of seconds from 0.001 to 3600, such as 1 or 0.25")
            }
            samplePeriod = seconds
        }
    }

    /// The capacity a `RXTRACE_CAPACITY` value asks for (`65536`, `64k`, `1m`: from 1 record
    /// to ``maximumCapacity``), or `nil` when the text is not one or asks for more; for tools
    /// that pass it on and want to refuse a bad value before starting the program.
    public static func capacity(parsing text: String) -> Int? {
        try? capacity(text)
    }

    /// The largest capacity tracing takes on this machine: the records (32 bytes each) that fit
    /// in a quarter of its memory (physical, or the control group's limit when lower), and
    /// never more than 2^30. The environment's larger values are refused (tracing does not
    /// start, the program runs); a larger ``capacity`` given in code is reduced to it.
    public static var maximumCapacity: Int { TraceCapacity.maximum }

    private static func capacity(_ text: String) throws -> Int {
        let count = try Self.count(text, variable: "RXTRACE_CAPACITY")
        if let problem = TraceCapacity.problem(with: count) {
            throw TraceConfigurationError(variable: "RXTRACE_CAPACITY", value: text, expected: problem, says: "asks for")
        }
        return count
    }

    /// `<process>-<pid>.rxtrace` in the current directory.
    public static func defaultPath(processName: String, processID: Int32) -> String {
        let safe = processName.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "_" }
        return "\(String(safe).isEmpty ? "process" : String(safe))-\(processID).rxtrace"
    }

    private static func count(_ text: String, variable: String) throws -> Int {
        guard let count = TraceCountText.count(text) else {
            throw TraceConfigurationError(variable: variable, value: text, expected: "a positive count such as 65536, 64k or 1m")
        }
        return count
    }

    private static func flag(_ text: String, variable: String) throws -> Bool {
        switch text.trimmingCharacters(in: .whitespaces).lowercased() {
        case "1", "true", "yes", "on": return true
        case "0", "false", "no", "off": return false
        default: throw TraceConfigurationError(variable: variable, value: text, expected: "1 or 0")
        }
    }
}

/// An environment variable for tracing holds a value the library cannot use.
public struct TraceConfigurationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The variable's name.
    public let variable: String
    /// The value found.
    public let value: String
    /// What would have been accepted, or what is wrong with the value.
    public let expected: String
    /// The verb between the value and ``expected``: `is not`, or `asks for`.
    private let verb: String

    /// An error that says the value is not what was `expected`.
    public init(variable: String, value: String, expected: String) {
        self.init(variable: variable, value: value, expected: expected, says: "is not")
    }

    init(variable: String, value: String, expected: String, says verb: String) {
        self.variable = variable
        self.value = value
        self.expected = expected
        self.verb = verb
    }

    /// `RXTRACE_CAPACITY="lots" is not a positive count such as 65536, 64k or 1m`.
    public var description: String {
        "\(variable)=\"\(value)\" \(verb) \(expected)"
    }
}
