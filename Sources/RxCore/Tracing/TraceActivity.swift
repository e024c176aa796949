internal import RxTraceFormat

/// A probe subscription opened by hand: a piece of work that is not itself a sequence (a
/// network request, a file read) recorded in the trace the way a `debug()` subscription is.
///
/// Libraries that wrap such work (`URLSession.rx` in RxFoundation) use it so that
/// `rxtrace report` lists the work next to the subscriptions that started it. The activity
/// records `subscribed` when it begins, a `next` per ``note(_:)``, then `completed`, `error`
/// or nothing (cancelled), and always one `disposed` with the reason. When the trace echoes
/// (``TraceConfiguration/echo``) each step is also printed as a `debug()` line.
///
/// ```swift
/// if let activity = TraceActivity.begin("load settings.json") {
///     activity.note("412 bytes")
///     activity.complete()
/// }
/// ```
public final class TraceActivity: Sendable {
    private let identifier: String
    private let handle: TraceProbeHandle<String>
    private let printsText: Bool
    private let ended = AtomicCell<Bool>(false)

    private init(identifier: String, handle: TraceProbeHandle<String>, printsText: Bool) {
        self.identifier = identifier
        self.handle = handle
        self.printsText = printsText
    }

    /// Opens an activity through the probe named `identifier` at the call site, or returns
    /// `nil` when no trace is running (so untraced programs pay one lookup and nothing else).
    ///
    /// - Parameters:
    ///   - identifier: The probe's name in the trace, such as `GET https://example.com/users`.
    ///   - file: The call site's file, the probe's site; leave the default.
    ///   - line: The call site's line.
    ///   - function: The call site's function.
    /// - Returns: The open activity, or `nil` when not tracing.
    public static func begin(
        _ identifier: String,
        file: String = #fileID,
        line: UInt = #line,
        function: String = #function
    ) -> TraceActivity? {
        guard let session = Trace.currentSession() else { return nil }
        let handle = TraceProbeHandle<String>(session: session, identifier: identifier, file: file, line: line, function: function)
        let activity = TraceActivity(identifier: identifier, handle: handle, printsText: session.configuration.echo)
        activity.echo("subscribed")
        return activity
    }

    /// Records a `next` step carrying `text`, such as `200, 5120 bytes, 12.4 ms`; ignored
    /// once the activity has ended.
    ///
    /// - Parameter text: What happened; cut to the trace's value length.
    public func note(_ text: String) {
        guard !ended.load(ordering: .acquiring) else { return }
        handle.recordNext(text)
        echo("Event next(\(text))")
    }

    /// Ends the activity as completed: records `completed`, then `disposed` after completion.
    public func complete() {
        end(.completed, reason: .completed)
    }

    /// Ends the activity as failed: records the error, then `disposed` after an error.
    ///
    /// - Parameter error: Why the work failed.
    public func fail(_ error: any Error) {
        end(.error(error), reason: .errored)
    }

    /// Ends the activity early, as a subscription disposed before its end: records only
    /// `disposed`. Does nothing when it has already ended.
    public func cancel() {
        end(nil, reason: .early)
    }

    private func end(_ event: Event<String>?, reason: TraceDisposalReason) {
        guard !ended.exchange(true, ordering: .acquiringAndReleasing) else { return }
        if let event {
            handle.record(event)
            echo("Event \(event)")
        }
        handle.disposed(reason)
        echo("isDisposed")
    }

    private func echo(_ message: String) {
        if printsText {
            DebugOutput.log(identifier: identifier, message: message)
        }
    }

    deinit {
        // An activity nobody ended must not stay open in the trace forever.
        cancel()
    }
}
