import ArgumentParser
import Foundation
import RxTraceFormat

/// The exit statuses of the commands that talk to a running program, for their help.
private let liveExitStatus = """
    EXIT STATUS
      0    done
      2    the program cannot be reached: no such process, no live channel (not traced, or \
    RXTRACE_LIVE=0), a stale socket, a socket or folder of another user or open to others; \
    or an output path that is not allowed
      4    the program refused the request (its one-line reason is shown) or did not answer in time
      64   a usage error: an unknown option or a bad value
    """

/// `rxtrace mark PID LABEL`: records a mark in a running traced program, as `Trace.mark` does.
struct MarkCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mark",
        abstract: "Record a mark in a running traced program, as Trace.mark(_:) does in its code.",
        discussion: """
            Open a screen, mark, close it, repeat: the marks give the leak verdict without code \
            in the program. The program must run with tracing on (docs/live.md).

            """ + liveExitStatus
    )

    @Argument(help: "The traced program's process id.")
    var pid: Int32

    @Argument(help: "The mark's label, such as \"screen closed 2\".")
    var label: String

    func validate() throws {
        if label.trimmingCharacters(in: .whitespaces).isEmpty { throw ValidationError("the label is empty") }
        if label.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            throw ValidationError("the label holds a control character (such as a line feed)")
        }
    }

    func run() throws {
        let target = try LiveTarget(processID: pid)
        _ = try target.request("mark \(label)")
        print("marked \"\(label)\" in process \(pid)")
    }
}

/// `rxtrace snapshot PID -o FILE`: the running program writes its trace now.
struct SnapshotCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "snapshot",
        abstract: "Make a running traced program write its trace now, and keep running.",
        discussion: """
            The path follows record -o's rules (docs/cli.md): an existing trace or empty file is \
            replaced, another file is left as it is, a folder gets <process>-<pid>.rxtrace \
            inside it. The program writes the file itself, so the path is made absolute here, \
            and this command's own descriptors (/dev/stdout, /dev/fd/N) are refused.

            """ + liveExitStatus
    )

    @Argument(help: "The traced program's process id.")
    var pid: Int32

    @Option(name: .shortAndLong, help: ArgumentHelp("Where the trace goes.", valueName: "file"))
    var output: String

    func run() throws {
        let target = try LiveTarget(processID: pid)
        if output == "" { throw CommandFailure("the output path is empty") }
        let absolute = try TracePaths.absolute(output)
        if ["/dev/stdout", "/dev/stderr", "/dev/stdin"].contains(absolute) || absolute.hasPrefix("/dev/fd/")
            || absolute.hasPrefix("/proc/self/")
        {
            throw CommandFailure("\(output) is this command's own descriptor, which the program cannot write to; give a file path")
        }
        let snapshot = try LiveSnapshot(json: try target.request("snapshot-json"), processID: pid)
        let defaultName = "\(snapshot.process.isEmpty ? "process" : snapshot.process)-\(pid).rxtrace"
        let destination = try OutputPath.check(absolute, for: .trace, nameInFolder: defaultName)
        let answer = try target.request("dump \(destination.path)", timeout: 120)
        let written = (try? JSONDecoder().decode(DumpAnswer.self, from: Data(answer.utf8)))?.written
        print("trace written to \(written ?? destination.path)")
    }

    /// The program's answer to `dump`.
    private struct DumpAnswer: Decodable {
        let written: String
    }
}

/// `rxtrace top PID`: the live state of a running traced program, full-screen or once.
struct TopCommand: ParsableCommand {
    /// How `--once` prints the snapshot.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    static let configuration = CommandConfiguration(
        commandName: "top",
        abstract: "Show a running traced program's live resources, probes and marks.",
        discussion: """
            On a terminal: a full-screen view refreshed every second: the leak verdict over the \
            marks so far (rxtrace mark PID LABEL after each repetition of a scenario), live \
            resources per type with the change since start and since the last mark, the types \
            that rose in each of the last --rising refreshes highlighted (marked ^ with \
            NO_COLOR), probe rates. Keys: s changes the order (live, start, mark, name), q quits. \
            --once, or standard input or output that is not a terminal, prints one snapshot: as \
            text, or with --format json the program's answer as it is (docs/live.md).

            """ + liveExitStatus
    )

    @Argument(help: "The traced program's process id.")
    var pid: Int32

    @Flag(help: "Print one snapshot and exit.")
    var once = false

    @Option(help: "With --once: text or json.")
    var format: Format = .text

    @Option(help: ArgumentHelp("The order of the resource rows: live, start, mark or name (s changes it).", valueName: "order"))
    var sort: TopOrder = .live

    @Option(help: ArgumentHelp("Highlight a type that rose in each of this many refreshes in a row (1 to 10).", valueName: "n"))
    var rising = 2

    func validate() throws {
        guard (1...10).contains(rising) else { throw ValidationError("--rising must be from 1 to 10, not \(rising)") }
    }

    func run() throws {
        let target = try LiveTarget(processID: pid)
        if !once, format == .text, isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 {
            return try watch(target)
        }
        let json = try target.request("snapshot-json")
        switch format {
        case .json: print(json)
        case .text: print(try LiveSnapshot(json: json, processID: pid).text)
        }
    }

    /// The full-screen view, until `q` (or Ctrl-C) or the program ends.
    private func watch(_ target: LiveTarget) throws {
        let colored = TerminalStyle.forStandardOutput().enabled
        let terminal = TopTerminal()
        defer { terminal.restore() }
        let first = try LiveSnapshot(json: try target.request("snapshot-json"), processID: pid)
        var history = [first]
        var order = sort
        var refreshAt = MonotonicDeadline(secondsFromNow: 1)
        while true {
            let size = terminal.size
            terminal.draw(
                TopScreen(first: first, history: history, colored: colored, order: order, risingWindow: rising).lines(
                    width: size.width, height: size.height))
            // Keys redraw at once; the next snapshot still comes a second after the last one.
            let milliseconds = Int(max(0, (refreshAt.secondsLeft * 1000).rounded(.down)))
            if let key = terminal.key(within: Int32(clamping: milliseconds)) {
                if [UInt8(ascii: "q"), UInt8(ascii: "Q"), 3].contains(key) { return }
                if key == UInt8(ascii: "s") || key == UInt8(ascii: "S") { order = order.next }
                continue
            }
            history = Array((history + [try LiveSnapshot(json: try target.request("snapshot-json"), processID: pid)]).suffix(rising + 1))
            refreshAt = MonotonicDeadline(secondsFromNow: 1)
        }
    }
}
