import Foundation

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Global customization points: what happens to unhandled errors and to grammar anomalies.
///
/// All hooks are thread-safe to read and replace.
public enum Hooks {
    /// Receives an error that reached a subscription without an `onError` handler, together
    /// with the subscription's call stack: exactly what ``customCaptureSubscriptionCallstack``
    /// returned at subscription time when ``recordCallStackOnError`` is on; otherwise, for
    /// `subscribe(onNext:onError:onCompleted:onDisposed:)`, its `"Module/File.swift:line"`.
    public typealias DefaultErrorHandler = @Sendable (_ subscriptionCallStack: [String], _ error: Swift.Error) -> Void

    /// Captures a call stack as lines of text when a subscription is made.
    public typealias CustomCaptureSubscriptionCallstack = @Sendable () -> [String]

    /// Receives each synchronization anomaly that debug builds detect.
    public typealias SynchronizationAnomalyHandler = @Sendable (SynchronizationAnomaly) -> Void

    private struct State: Sendable {
        var defaultErrorHandler: DefaultErrorHandler
        var captureSubscriptionCallstack: CustomCaptureSubscriptionCallstack
        var synchronizationAnomalyHandler: SynchronizationAnomalyHandler
    }

    private static let state = LockedValue(
        State(
            defaultErrorHandler: { callStack, error in
                #if DEBUG
                var message = "Unhandled error happened: \(error)\n"
                if !callStack.isEmpty {
                    message += " subscription called from:\n" + callStack.joined(separator: "\n") + "\n"
                }
                writeToStandardError(message)
                #endif
            },
            captureSubscriptionCallstack: { Thread.callStackSymbols },
            synchronizationAnomalyHandler: { anomaly in
                writeToStandardError(anomaly.description + "\n")
            }
        )
    )

    /// Called for errors that reach a subscription without an error handler. By default,
    /// debug builds print the error (and the recorded call stack) to standard error.
    public static var defaultErrorHandler: DefaultErrorHandler {
        get { state.withLock { $0.defaultErrorHandler } }
        set { state.withLock { $0.defaultErrorHandler = newValue } }
    }

    /// Whether each subscription captures a call stack, so an unhandled error can say where
    /// the subscription was made. Off by default: capturing costs microseconds per subscription.
    public static var recordCallStackOnError: Bool {
        get { recording.load(ordering: .relaxed) }
        set { recording.store(newValue, ordering: .relaxed) }
    }

    /// ``recordCallStackOnError``'s value: an atomic rather than a field of the locked state,
    /// since every `subscribe(onNext:…)` reads it and should not take the lock to do so.
    private static let recording = AtomicCell<Bool>(false)

    /// Captures the call stack when ``recordCallStackOnError`` is on; by default
    /// `Thread.callStackSymbols`.
    public static var customCaptureSubscriptionCallstack: CustomCaptureSubscriptionCallstack {
        get { state.withLock { $0.captureSubscriptionCallstack } }
        set { state.withLock { $0.captureSubscriptionCallstack = newValue } }
    }

    /// Called for each reentrant or concurrent delivery that debug builds detect. By default it
    /// prints a warning naming the type to standard error.
    public static var synchronizationAnomalyHandler: SynchronizationAnomalyHandler {
        get { state.withLock { $0.synchronizationAnomalyHandler } }
        set { state.withLock { $0.synchronizationAnomalyHandler = newValue } }
    }

    static func reportSynchronizationAnomaly(_ anomaly: SynchronizationAnomaly) {
        synchronizationAnomalyHandler(anomaly)
    }

    /// The call stack to keep for a new subscription, empty unless recording is on.
    static func subscriptionCallStack() -> [String] {
        recordedSubscriptionCallStack() ?? []
    }

    /// The call stack to keep for a new subscription, `nil` unless recording is on.
    static func recordedSubscriptionCallStack() -> [String]? {
        guard recording.load(ordering: .relaxed) else { return nil }
        let capture = state.withLock { $0.captureSubscriptionCallstack }
        return capture()
    }
}

/// Writes `text` to standard error without buffering.
func writeToStandardError(_ text: String) {
    var text = text
    text.withUTF8 { bytes in
        var offset = 0
        while offset < bytes.count {
            let written = write(2, bytes.baseAddress! + offset, bytes.count - offset)
            if written <= 0 { return }
            offset += written
        }
    }
}
