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
