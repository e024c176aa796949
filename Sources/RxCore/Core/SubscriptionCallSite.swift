/// Where a subscription without an error handler was made, kept until an error needs it.
///
/// Keeping the `#fileID` and `#line` of the `subscribe` call costs nothing; the text is only
/// built when an error arrives. The real call stack is captured at subscription time only
/// when ``Hooks/recordCallStackOnError`` is on.
struct SubscriptionCallSite {
    let file: StaticString
    let line: UInt
    /// The captured stack; `nil` when recording was off at subscription time.
    let recordedStack: [String]?

    /// Notes the call site, and the call stack when recording is on.
    init(file: StaticString, line: UInt) {
        self.file = file
        self.line = line
        recordedStack = Hooks.recordedSubscriptionCallStack()
    }

    /// The call stack handed to ``Hooks/defaultErrorHandler``: exactly what
    /// ``Hooks/customCaptureSubscriptionCallstack`` returned when recording is on (as in
    /// RxSwift, whose tests compare it whole), otherwise `["Module/File.swift:42"]`.
    var callStack: [String] {
        recordedStack ?? ["\(file):\(line)"]
    }

    /// Hands `error` to ``Hooks/defaultErrorHandler`` with this call site.
    func reportUnhandled(_ error: Swift.Error) {
        Hooks.defaultErrorHandler(callStack, error)
    }
}
