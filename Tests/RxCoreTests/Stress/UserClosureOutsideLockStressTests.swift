import RxCore
import TestSupport
import Testing

/// One operator whose user closure waits, through ``UserClosureWaitRig``, for another thread
/// that delivers into the same operator.
struct UserClosureWaitCase: Sendable, CustomTestStringConvertible {
    let name: String
    let build: @Sendable (UserClosureWaitRig) -> Observable<Int>
    var prepare: @Sendable (UserClosureWaitRig) -> Void = { _ in }
    let trigger: @Sendable (UserClosureWaitRig) -> Void
    /// The elements the result must have received once the run is over.
    let expected: [Int]

    var testDescription: String { name }
}

private let outer = 0
private let liveInner = 1
private let completing = 2

extension UserClosureWaitCase {
    /// `outer`'s element 0 maps to the live `liveInner`; element 1's selector waits for another
    /// thread sending 10 into `liveInner`, then maps to `just(1)`.
    private static func selectorWaitsForLiveInner(
        _ name: String,
        expected: [Int],
        _ apply: @escaping @Sendable (Observable<Int>, @escaping (Int) -> Observable<Int>) -> Observable<Int>
    ) -> UserClosureWaitCase {
        UserClosureWaitCase(
            name: name,
            build: { rig in
                apply(rig.source(outer)) { element in
                    if element == 0 {
                        return rig.source(liveInner)
                    }
                    rig.waitForOtherThread { $0.send(liveInner, .next(10)) }
                    return .just(element)
                }
            },
            prepare: { $0.send(outer, .next(0)) },
            trigger: { $0.send(outer, .next(1)) },
            expected: expected
        )
    }

    static let all: [UserClosureWaitCase] = [
        selectorWaitsForLiveInner("flatMap", expected: [10, 1]) { $0.flatMap($1) },
        // The queued `just(1)` waits for the live inner sequence, which never completes.
        selectorWaitsForLiveInner("concatMap", expected: [10]) { $0.concatMap($1) },
        // The live inner sequence is still the latest while the selector runs.
        selectorWaitsForLiveInner("flatMapLatest", expected: [10, 1]) { $0.flatMapLatest($1) },
        UserClosureWaitCase(
            name: "flatMapFirst",
            build: { rig in
                rig.source(outer).flatMapFirst { element in
                    // The element the other thread sends arrives while this one's selector
                    // runs: it is dropped, and must not wait for the selector to return.
                    if element == 0 {
                        rig.waitForOtherThread { $0.send(outer, .next(5)) }
                    }
                    return Observable.just(element)
                }
            },
            trigger: { $0.send(outer, .next(0)) },
            expected: [0]
        ),
        UserClosureWaitCase(
            name: "switchLatest, asObservable() of the new inner sequence",
            build: { rig in
                rig.source(outer)
                    .map { element in
                        ConvertingSource {
                            if element == 0 {
                                return rig.source(liveInner)
                            }
                            rig.waitForOtherThread { $0.send(liveInner, .next(10)) }
                            return Observable.just(element)
                        }
                    }
                    .switchLatest()
            },
            prepare: { $0.send(outer, .next(0)) },
            trigger: { $0.send(outer, .next(1)) },
            expected: [10, 1]
        ),
        UserClosureWaitCase(
            // Two inner sequences run (the live one and `completing`), the third waits; it was
            // converted only when it got its turn, under the lock.
            name: "merge(maxConcurrent:), asObservable() of a waiting inner sequence",
            build: { rig in
                rig.source(outer)
                    .map { element in
                        ConvertingSource {
                            switch element {
                            case 0: return rig.source(liveInner)
                            case 1: return rig.source(completing)
                            default:
                                rig.waitForOtherThread { $0.send(liveInner, .next(10)) }
                                return Observable.just(element)
                            }
                        }
                    }
                    .merge(maxConcurrent: 2)
            },
            prepare: { rig in
                for element in 0..<3 { rig.send(outer, .next(element)) }
            },
            trigger: { $0.send(completing, .completed) },
            expected: [10, 2]
        ),
    ]
}

/// A sequence whose `asObservable()` runs the caller's code.
private struct ConvertingSource: ObservableConvertibleType {
    let convert: () -> Observable<Int>

    func asObservable() -> Observable<Int> {
        convert()
    }
}

/// Every user closure runs outside the operator's locks: a closure that waits for another
/// thread delivering into the same operator finishes. Each case fails after about a second
/// instead of hanging. Before the fix, each of these closures ran under the operator's lock and
/// waited out its timeout.
@Suite(.offPool)
struct UserClosureOutsideLockStressTests {
    @Test("a selector that waits for another thread delivering into the operator finishes", arguments: UserClosureWaitCase.all)
    func selectorOutsideTheLock(_ scenario: UserClosureWaitCase) {
        let previous = Hooks.synchronizationAnomalyHandler
        defer { Hooks.synchronizationAnomalyHandler = previous }
        // flatMapFirst's case sends into the source while its selector runs: that overlap is
        // the point, not an anomaly to report.
        Hooks.synchronizationAnomalyHandler = { _ in }
        let rig = UserClosureWaitRig()
        let received = Locked<[Int]>([])
        let subscription = scenario.build(rig).subscribe(onNext: { value in received.withLock { $0.append(value) } })
        defer { subscription.dispose() }
        scenario.prepare(rig)
        let outcome = rig.run(scenario.trigger)
        #expect(outcome.waited, "the case never called the closure: \(outcome)")
        #expect(!outcome.blocked, "the other thread waited for the operator's lock: \(outcome)")
        #expect(outcome.finished, "\(outcome)")
        #expect(received.withLock { $0 } == scenario.expected)
    }

    @Test("multicast's subject factory runs outside its lock")
    func multicastSubjectFactoryOutsideTheLock() {
        let rig = UserClosureWaitRig()
        let made = Locked(0)
        let connectable = Locked<ConnectableObservable<Int>?>(nil)
        let shared = rig.source(outer).multicast(makeSubject: { () -> PublishSubject<Int> in
            let isFirst = made.withLock { count in
                count += 1
                return count == 1
            }
            if isFirst {
                // Another thread subscribes to the same connectable meanwhile.
                rig.waitForOtherThread { _ in
                    _ = connectable.withLock { $0 }?.subscribe(onNext: { _ in })
                }
            }
            return PublishSubject()
        })
        connectable.withLock { $0 = shared }
        let received = Locked<[Int]>([])
        let connecting = SendableBox(shared)
        let outcome = rig.run { _ in
            _ = connecting.value.connect()
        }
        let subscription = shared.subscribe(onNext: { value in received.withLock { $0.append(value) } })
        defer { subscription.dispose() }
        rig.send(outer, .next(3))
        #expect(outcome.waited && !outcome.blocked && outcome.finished, "\(outcome)")
        #expect(received.withLock { $0 } == [3], "observers and the connection share one subject")
        connectable.withLock { $0 = nil }
    }
}
