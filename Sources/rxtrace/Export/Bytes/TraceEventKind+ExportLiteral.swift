import RxTraceFormat

extension TraceEventKind {
    /// ``exportName`` as a literal, for writing straight into an output buffer.
    var exportLiteral: StaticString {
        switch self {
        case .subscribed: "subscribed"
        case .next: "next"
        case .error: "error"
        case .completed: "completed"
        case .disposed: "disposed"
        }
    }
}
