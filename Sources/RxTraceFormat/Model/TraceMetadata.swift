/// A probe: one `debug()` call site, interned once and referred to by index from records.
public struct TraceProbe: Hashable, Sendable {
    /// The index in ``TraceFile/strings`` of the identifier given to `debug()`, or of the
    /// default one naming the call site.
    public var identifier: UInt32
    /// The index in ``TraceFile/strings`` of the call site's file (`Module/File.swift`).
    public var file: UInt32
    /// The call site's line.
    public var line: UInt32
    /// The index in ``TraceFile/strings`` of the call site's function.
    public var function: UInt32

    /// Creates a probe from string indices and a line.
    public init(identifier: UInt32, file: UInt32, line: UInt32, function: UInt32) {
        self.identifier = identifier
        self.file = file
        self.line = line
        self.function = function
    }
}

/// A thread that wrote records; records refer to it by index.
public struct TraceThread: Hashable, Sendable {
    /// The operating system's identifier for the thread (the Linux `gettid`, the macOS
    /// `pthread_threadid_np`).
    public var systemID: UInt64
    /// The index in ``TraceFile/strings`` of the thread's name; the empty string when unnamed.
    public var name: UInt32

    /// Creates a thread entry.
    public init(systemID: UInt64, name: UInt32) {
        self.systemID = systemID
        self.name = name
    }
}

/// A labelled moment with the resource counts at that moment; the leak analysis compares marks.
public struct TraceMark: Hashable, Sendable {
    /// Nanoseconds since the trace started.
    public var timestamp: UInt64
    /// The index in ``TraceFile/strings`` of the label given to `Trace.mark(_:)`.
    public var label: UInt32
    /// The index in ``TraceFile/threads`` of the thread that marked.
    public var thread: UInt16
    /// `Resources.total` at the mark; −1 when the program did not count resources (built
    /// without the `TraceResources` trait).
    public var resourcesTotal: Int64
    /// The live count per resource type at the mark: string index of the type name, count.
    public var types: [TraceTypeCount]

    /// Creates a mark.
    public init(timestamp: UInt64, label: UInt32, thread: UInt16, resourcesTotal: Int64, types: [TraceTypeCount]) {
        self.timestamp = timestamp
        self.label = label
        self.thread = thread
        self.resourcesTotal = resourcesTotal
        self.types = types
    }
}

/// A live count for one resource type.
public struct TraceTypeCount: Hashable, Sendable {
    /// The index in ``TraceFile/strings`` of the type's name.
    public var name: UInt32
    /// The live count.
    public var count: Int64

    /// Creates a count.
    public init(name: UInt32, count: Int64) {
        self.name = name
        self.count = count
    }
}

/// A subscription through a probe that was still open when the trace was written.
public struct TraceOpenSubscription: Hashable, Sendable {
    /// The subscription's identifier, as in its records.
    public var subscription: UInt64
    /// The index of the probe in ``TraceFile/probes``.
    public var probe: UInt32
    /// The index in ``TraceFile/threads`` of the thread that subscribed.
    public var thread: UInt16
    /// When it subscribed, in nanoseconds since the trace started.
    public var subscribedAt: UInt64

    /// Creates an open-subscription entry.
    public init(subscription: UInt64, probe: UInt32, thread: UInt16, subscribedAt: UInt64) {
        self.subscription = subscription
        self.probe = probe
        self.thread = thread
        self.subscribedAt = subscribedAt
    }
}

/// Where live resources were allocated: one distinct stack, with how many resources of each
/// type allocated there were alive when the trace was written.
public struct TraceSite: Hashable, Sendable {
    /// A stable fingerprint of the stack, equal across runs of the same binary for the same
    /// code path (a hash of the symbolized frames), used by leak baselines.
    public var fingerprint: UInt64
    /// The index in ``TraceFile/strings`` of the first frame outside the package, as
    /// `File.swift:42` or a symbol name; the line of user code that made the resources.
    public var userFrame: UInt32
    /// String indices of the symbolized frames, innermost first.
    public var frames: [UInt32]
    /// The live resources allocated here, per type.
    public var live: [TraceTypeCount]

    /// Creates a site.
    public init(fingerprint: UInt64, userFrame: UInt32, frames: [UInt32], live: [TraceTypeCount]) {
        self.fingerprint = fingerprint
        self.userFrame = userFrame
        self.frames = frames
        self.live = live
    }
}
