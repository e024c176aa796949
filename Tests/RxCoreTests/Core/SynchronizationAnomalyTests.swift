import Dispatch
import Foundation
import RxCore
import RxTest
import TestSupport
import Testing

#if DEBUG
@Suite(.serialized, .resourceBalanced, .offPool)
struct SynchronizationAnomalyTests {
    private func capturingAnomalies(_ body: () -> Void) -> [SynchronizationAnomaly] {
        let anomalies = Locked<[SynchronizationAnomaly]>([])
        let previous = Hooks.synchronizationAnomalyHandler
        Hooks.synchronizationAnomalyHandler = { anomaly in anomalies.withLock { $0.append(anomaly) } }
        defer { Hooks.synchronizationAnomalyHandler = previous }
        body()
        return anomalies.withLock { $0 }
    }

    @Test("reentrant delivery is reported with the type")
    func reentrantDeliveryIsReportedWithTheType() {
        let anomalies = capturingAnomalies {
            var observer: AnyObserver<Int>?
            let source = Observable<Int>.create {
                observer = $0
                return Disposables.create()
            }
            let subscription = source.subscribe(onNext: { value in
                if value == 1 { observer?.onNext(2) }
            })
            observer?.onNext(1)
            subscription.dispose()
            observer = nil
        }
        #expect(anomalies.count == 1)
        #expect(anomalies.first?.kind == .reentrancy)
        #expect(anomalies.first?.typeName.hasPrefix("AnonymousObservableSink") == true)
        #expect(anomalies.first?.description.contains("reentrancy anomaly in AnonymousObservableSink") == true)
    }

    @Test("concurrent delivery is reported")
    func concurrentDeliveryIsReported() {
        let anomalies = capturingAnomalies {
            var observer: AnyObserver<Int>?
            let source = Observable<Int>.create {
                observer = $0
                return Disposables.create()
            }
            let entered = DispatchSemaphore(value: 0)
            let release = DispatchSemaphore(value: 0)
            let subscription = source.subscribe(onNext: { value in
                if value == 1 {
                    entered.signal()
                    release.wait()
                }
            })
            let box = SendableBox(observer!)
            let group = DispatchGroup()
            // A thread of its own, which this test then blocks: not one the global queue shares.
            group.enter()
            Thread {
                box.value.onNext(1)
                group.leave()
            }.start()
            entered.wait()
            box.value.onNext(2)
            release.signal()
            group.wait()
            subscription.dispose()
            observer = nil
        }
        #expect(anomalies.map(\.kind) == [.concurrency])
    }

    @Test("serial delivery from many threads is not an anomaly")
    func serialDeliveryFromManyThreadsIsNotAnAnomaly() {
        let anomalies = capturingAnomalies {
            var observer: AnyObserver<Int>?
            let source = Observable<Int>.create {
                observer = $0
                return Disposables.create()
            }
            let subscription = source.subscribe()
            let box = SendableBox(observer!)
            let queue = DispatchQueue(label: "serial-delivery")
            DispatchQueue.concurrentPerform(iterations: 4) { index in
                queue.sync { box.value.onNext(index) }
            }
            subscription.dispose()
            observer = nil
        }
        #expect(anomalies.isEmpty)
    }
}
#endif
