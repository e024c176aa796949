/// How much the `TraceResources` build remembers about where each resource was allocated.
///
/// The level is chosen at run time, on top of the trait: by ``AllocationSites/mode`` or by the
/// environment variable `RXTRACE_SITES`, read once on first use (see
/// ``init(environmentValue:)``). Without the trait every level behaves as ``off``.
///
/// | level | what each resource remembers | cost per resource |
/// |---|---|---|
/// | ``off`` | nothing (only the counts per type) | nothing; after any other level, the counts' slow path |
/// | ``callSites`` | the user's line, when an API entry point named it | a side-table entry |
/// | ``sampled(every:)`` | a backtrace and the line, for about one resource in N | one Nth of ``all`` |
/// | ``all`` | a backtrace and the line | a stack walk and a side-table entry |
///
/// Resources allocated inside an active ``ResourceScope`` always get a side-table entry (so
/// the scope can count them), whatever the level.
public enum AllocationSiteMode: Sendable, Hashable, CustomStringConvertible {
    /// Counts only: no site is remembered. The default.
    case off
    /// Every resource remembers the call site set by
    /// ``ResourceSites/withCallSite(file:line:_:)-(StaticString,_,_)`` around its allocation,
    /// without a backtrace.
    case callSites
    /// About one resource in `every` (chosen at random per thread, as Netty's leak detector
    /// samples) remembers a backtrace and its call site; the others only count. `every` is at
    /// least 1; 1 is the same as ``all``.
    case sampled(every: Int)
    /// Every resource remembers a backtrace and its call site.
    case all

    /// Reads a level from the text of `RXTRACE_SITES`.
    ///
    /// | value | level |
    /// |---|---|
    /// | empty, `0`, `off` | ``off`` |
    /// | `calls` | ``callSites`` |
    /// | `1`, `all` | ``all`` |
    /// | `sample:N`, or a number `N` greater than 1 | ``sampled(every:)`` with `N` |
    ///
    /// Letters may be upper or lower case; spaces around the value are ignored.
    ///
    /// - Parameter environmentValue: The variable's value.
    /// - Returns: `nil` when the text names no level (the caller keeps ``off``).
    public init?(environmentValue: String) {
        let text = String(environmentValue.filter { !$0.isWhitespace }).lowercased()
        switch text {
        case "", "0", "off", "false", "no":
            self = .off
        case "calls", "callsites":
            self = .callSites
        case "1", "all", "on", "true", "yes":
            self = .all
        default:
            let number = text.hasPrefix("sample:") ? String(text.dropFirst("sample:".count)) : text
            guard let every = Int(number), every >= 1 else { return nil }
            self = every == 1 ? .all : .sampled(every: every)
        }
    }

    /// Whether this level walks the stack for at least some resources.
    public var capturesBacktraces: Bool {
        switch self {
        case .off, .callSites: return false
        case .sampled, .all: return true
        }
    }

    /// The sampling interval: 1 for ``all``, N for ``sampled(every:)``, `nil` when no backtrace
    /// is taken.
    public var samplingInterval: Int? {
        switch self {
        case .off, .callSites: return nil
        case .sampled(let every): return max(every, 1)
        case .all: return 1
        }
    }

    /// `off`, `call sites`, `sampled every N` or `all`.
    public var description: String {
        switch self {
        case .off: return "off"
        case .callSites: return "call sites"
        case .sampled(let every): return "sampled every \(max(every, 1))"
        case .all: return "all"
        }
    }
}
