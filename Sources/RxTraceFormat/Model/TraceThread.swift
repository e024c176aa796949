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
