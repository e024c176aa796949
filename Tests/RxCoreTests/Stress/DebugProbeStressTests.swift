import Dispatch
import RxTraceFormat
import TestSupport
import Testing

@testable import RxCore

extension ProbeTests {
    /// A traced `debug()` probe whose events, disposal and trace dumps come from different
    /// threads at once (CI runs it under the thread sanitizer: `--filter Stress`).
    @Suite(.serialized, .resourceBalanced, .offPool)
    struct DebugProbeStressTests {
        @Test("a probe's stop event, its disposal and a dump on three threads record every disposal once")
        func stopDisposalAndDumpOnThreeThreads() throws {
            let rounds = 300
            Trace.start(TraceConfiguration(dumpsAtExit: false, dumpsOnSignal: false))
            defer { Trace.stop() }
            for round in 0..<rounds {
                let observerBox = Locked<SendableBox<AnyObserver<Int>>?>(nil)
                let source = Observable<Int>.create { observer in
                    observerBox.withLock { $0 = SendableBox(observer) }
                    return Disposables.create()
                }
                let subscription = SendableBox(source.debug("stress probe").subscribe())
                let observer = try #require(observerBox.withLock { $0 })
                observerBox.withLock { $0 = nil }
                DispatchQueue.concurrentPerform(iterations: 3) { worker in
                    switch worker {
                    case 0:
                        observer.value.onNext(round)
                        if round % 2 == 0 {
                            observer.value.onCompleted()
                        } else {
                            observer.value.onError(StressFailure())
                        }
                    case 1:
                        subscription.value.dispose()
                    default:
                        _ = Trace.snapshot()
                    }
                }
            }
            let snapshot = try #require(Trace.snapshot())
            let disposals = snapshot.records(ofProbe: "stress probe").filter { $0.kind == .disposed }
            #expect(disposals.count == rounds)
            let reasons = Set(disposals.compactMap { snapshot.valueText(of: $0) })
            #expect(reasons.isSubset(of: ["completed", "errored", "early"]), "\(reasons)")
            // Only this probe's: tests running beside this one may trace probes of their own.
            let probes = Set(snapshot.probes(named: "stress probe"))
            #expect(snapshot.file.openSubscriptions.filter { probes.contains($0.probe) }.isEmpty)
        }
    }
}

private struct StressFailure: Error {}
