import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Points standard output at `/dev/null` for the text form of `debug()`, and back; and writes
/// notes to standard error.
///
/// The benchmark tool talks to this process through its own file descriptors, not standard
/// output, so only the probe's lines go away. Buffered output is flushed before each switch, so
/// nothing printed before lands in `/dev/null` and nothing printed during reaches the terminal.
enum StandardOutput {
    /// The saved standard output while it points at `/dev/null`; -1 otherwise.
    private static let saved = Atomic<Int32>(-1)

    /// Sends standard output to `/dev/null` until ``restore()``; does nothing when it already goes
    /// there.
    static func discard() {
        guard saved.load(ordering: .acquiring) < 0 else { return }
        fflush(nil)
        let null = open("/dev/null", O_WRONLY)
        precondition(null >= 0, "cannot open /dev/null")
        let copy = dup(STDOUT_FILENO)
        precondition(copy >= 0 && dup2(null, STDOUT_FILENO) >= 0, "cannot redirect standard output")
        close(null)
        saved.store(copy, ordering: .releasing)
    }

    /// Writes a line to standard error, for notes that belong in a benchmark run's log.
    static func note(_ line: String) {
        let bytes = Array((line + "\n").utf8)
        _ = bytes.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }

    /// Points standard output back where it was before ``discard()``.
    static func restore() {
        fflush(nil)
        let copy = saved.exchange(-1, ordering: .acquiringAndReleasing)
        guard copy >= 0 else { return }
        dup2(copy, STDOUT_FILENO)
        close(copy)
    }
}
