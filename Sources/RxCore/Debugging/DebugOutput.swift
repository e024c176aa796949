/// Where the lines of `debug()` go: one formatting step and one write per line.
///
/// A line is `<timestamp>: <identifier> -> <message>`, the timestamp in local time as
/// `yyyy-MM-dd HH:mm:ss.SSS`. By default lines are printed to standard output; tests (and,
/// later, the tracing build) replace the writer and the clock. Both are read under a lock,
/// so they can be swapped while other threads log.
enum DebugOutput {
    /// Receives each finished line, without a trailing newline.
    typealias Writer = @Sendable (String) -> Void
    /// Tells the time for a line.
    typealias Clock = @Sendable () -> DebugTimestamp

    private struct Configuration: Sendable {
        var writer: Writer?
        var clock: Clock?
    }

    private static let configuration = LockedValue(Configuration())

    /// Replaces the writer; `nil` restores printing to standard output.
    static func setWriter(_ writer: Writer?) {
        configuration.withLock { $0.writer = writer }
    }

    /// Replaces the clock; `nil` restores the wall clock.
    static func setClock(_ clock: Clock?) {
        configuration.withLock { $0.clock = clock }
    }

    /// Stamps, formats and writes one line.
    ///
    /// - Parameters:
    ///   - identifier: The name of the probe, as given to `debug()`.
    ///   - message: What happened: `subscribed`, `Event next(1)`, `isDisposed`.
    static func log(identifier: String, message: String) {
        let (writer, clock) = configuration.withLock { ($0.writer, $0.clock) }
        let timestamp = clock?() ?? DebugTimestamp.now()
        let text = line(timestamp: timestamp, identifier: identifier, message: message)
        if let writer {
            writer(text)
        } else {
            print(text)
        }
    }

    /// The text of one line.
    static func line(timestamp: DebugTimestamp, identifier: String, message: String) -> String {
        "\(timestamp.formatted): \(identifier) -> \(message)"
    }
}
