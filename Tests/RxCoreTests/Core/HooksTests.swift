import Foundation
import RxCore
import TestSupport
import Testing

/// Unhandled errors reach `Hooks.defaultErrorHandler` with the subscription's call site. The
/// hooks are global, so these tests run one at a time and only look at their own error.
@Suite(.serialized, .resourceBalanced)
struct HooksTests {
    /// An error only these tests send, so errors of tests running in parallel are ignored.
    private struct HookProbe: Error, Equatable {
        let id: Int
    }

    /// Installs a recording handler (and optionally a capture) for the duration of `body`.
    private func recordingUnhandled(
        record: Bool = false,
        capture: Hooks.CustomCaptureSubscriptionCallstack? = nil,
        _ body: () -> Void
    ) -> [(stack: [String], id: Int)] {
        let received = Locked<[(stack: [String], id: Int)]>([])
        let previousHandler = Hooks.defaultErrorHandler
        let previousCapture = Hooks.customCaptureSubscriptionCallstack
        let previousRecord = Hooks.recordCallStackOnError
        defer {
            Hooks.defaultErrorHandler = previousHandler
            Hooks.customCaptureSubscriptionCallstack = previousCapture
            Hooks.recordCallStackOnError = previousRecord
        }
        Hooks.defaultErrorHandler = { stack, error in
            if let probe = error as? HookProbe {
                received.withLock { $0.append((stack, probe.id)) }
            }
        }
        if let capture {
            Hooks.customCaptureSubscriptionCallstack = capture
        }
        Hooks.recordCallStackOnError = record
        body()
        return received.withLock { $0 }
    }

    @Test("an error without onError is reported with the subscription's file and line first")
    func callSite() {
        var line: UInt = 0
        let reports = recordingUnhandled {
            _ = Observable<Int>.error(HookProbe(id: 1)).subscribe(onNext: { _ in }); line = #line
        }
        #expect(reports.map(\.id) == [1])
        #expect(reports.first?.stack == ["RxCoreTests/HooksTests.swift:\(line)"])
    }

    @Test("with recordCallStackOnError the stack is exactly what the custom capture returned (RxSwift)")
    func recordedStack() {
        let capture: Hooks.CustomCaptureSubscriptionCallstack = { ["frame1", "frame2"] }
        let reports = recordingUnhandled(record: true, capture: capture) {
            _ = Observable<Int>.error(HookProbe(id: 2)).subscribe()
        }
        #expect(reports.first?.stack == ["frame1", "frame2"])
    }

    @Test("the default capture is the real call stack")
    func defaultCapture() {
        let previousCapture = Hooks.customCaptureSubscriptionCallstack
        defer { Hooks.customCaptureSubscriptionCallstack = previousCapture }
        Hooks.customCaptureSubscriptionCallstack = { ["replaced"] }
        #expect(Hooks.customCaptureSubscriptionCallstack() == ["replaced"])
        Hooks.customCaptureSubscriptionCallstack = previousCapture
        let reports = recordingUnhandled(record: true) {
            _ = Observable<Int>.error(HookProbe(id: 3)).subscribe()
        }
        let stack = reports.first?.stack ?? []
        // Several frames of the real stack.
        #expect(stack.count > 3)
    }

    @Test("nothing is captured while recording is off, and handled errors are not reported")
    func captureOnlyWhenAsked() {
        let captures = Locked(0)
        let capture: Hooks.CustomCaptureSubscriptionCallstack = {
            captures.withLock { $0 += 1 }
            return ["x"]
        }
        let reports = recordingUnhandled(record: false, capture: capture) {
            _ = Observable<Int>.error(HookProbe(id: 4)).subscribe(onError: { _ in })
            _ = Observable<Int>.error(HookProbe(id: 5)).subscribe(onNext: { _ in })
        }
        #expect(reports.map(\.id) == [5])
        #expect(reports.first?.stack.count == 1)
        #expect(captures.withLock { $0 } == 0)
    }

    @Test("subscribe(with:) without onError reports with its call site; with onError it does not")
    func subscribeWithObject() {
        final class Owner {}
        let owner = Owner()
        var line: UInt = 0
        let handled = Locked(0)
        let reports = recordingUnhandled {
            _ = Observable<Int>.error(HookProbe(id: 6)).subscribe(with: owner, onNext: { _, _ in }); line = #line
            _ = Observable<Int>.error(HookProbe(id: 7)).subscribe(with: owner, onError: { _, _ in handled.withLock { $0 += 1 } })
        }
        #expect(reports.map(\.id) == [6])
        #expect(reports.first?.stack == ["RxCoreTests/HooksTests.swift:\(line)"])
        #expect(handled.withLock { $0 } == 1)
    }

    @Test("the closure forms of subscribe still compile and route each closure to its event")
    func trailingClosureForms() {
        let journal = Journal()
        let source = Observable.of(1).concat(Observable.error(HookProbe(id: 8)))
        let reports = recordingUnhandled {
            _ = source.subscribe(onNext: { journal.record("next \($0)") }) { error in
                journal.record("error \((error as? HookProbe)?.id ?? -1)")
            }
            _ = source.subscribe { value in
                journal.record("multiple next \(value)")
            } onError: { _ in
                journal.record("multiple error")
            } onDisposed: {
                journal.record("multiple disposed")
            }
            _ = Observable.of(2).subscribe { event in journal.record("event \(event)") }
            _ = Observable.of(3).subscribe(onNext: { journal.record("labeled \($0)") }, onCompleted: { journal.record("done") })
        }
        #expect(reports.isEmpty)
        #expect(
            journal.entries == [
                "next 1", "error 8",
                "multiple next 1", "multiple error", "multiple disposed",
                "event next(2)", "event completed",
                "labeled 3", "done",
            ]
        )
    }
}

@Suite("RxError", .resourceBalanced)
struct RxErrorTests {
    @Test("each case has RxSwift's readable description")
    func descriptions() {
        final class Subject: CustomStringConvertible {
            var description: String { "the subject" }
        }
        #expect(RxError.unknown.debugDescription == "Unknown error occurred.")
        #expect(RxError.disposed(object: Subject()).debugDescription == "Object `the subject` was already disposed.")
        #expect(RxError.overflow.debugDescription == "Arithmetic overflow occurred.")
        #expect(RxError.argumentOutOfRange.debugDescription == "Argument out of range.")
        #expect(RxError.noElements.debugDescription == "Sequence doesn't contain any elements.")
        #expect(RxError.moreThanOneElement.debugDescription == "Sequence contains more than one element.")
        #expect(RxError.timeout.debugDescription == "Sequence timeout.")
    }

    @Test("string interpolation and String(describing:) use the description")
    func interpolation() {
        #expect("\(RxError.timeout)" == "Sequence timeout.")
        #expect(String(describing: RxError.noElements) == "Sequence doesn't contain any elements.")
    }
}
