import RxCore
import Testing

/// One operator put through ``TeardownDeadlockRig``'s scenario: `trigger` makes the operator
/// tear `first` down while `push` enters its sink from a thread holding the lock `first`'s
/// teardown needs.
struct TeardownDeadlockCase: Sendable, CustomTestStringConvertible {
    let name: String
    let build: @Sendable (TeardownDeadlockRig) -> Observable<Int>
    var prepare: @Sendable (TeardownDeadlockRig) -> Void = { _ in }
    let trigger: @Sendable (TeardownDeadlockRig) -> Void
    let push: @Sendable (TeardownDeadlockRig) -> Void

    var testDescription: String { name }
}

private let first = 0
private let second = 1
private let third = 2
private struct Failure: Error {}

extension TeardownDeadlockCase {
    /// `first` completes (or fails) while `second` pushes an element.
    private static func whenFirstEnds(
        _ name: String,
        with event: Event<Int> = .completed,
        _ build: @escaping @Sendable (TeardownDeadlockRig) -> Observable<Int>
    ) -> TeardownDeadlockCase {
        TeardownDeadlockCase(
            name: name,
            build: build,
            trigger: { $0.send(first, event) },
            push: { $0.send(second, .next(2)) }
        )
    }

    static let all: [TeardownDeadlockCase] = [
        whenFirstEnds("merge(a, b), a completes") { .merge($0.first, $0.second) },
        whenFirstEnds("merge(a, b), a fails", with: .error(Failure())) { .merge($0.first, $0.second) },
        whenFirstEnds("merge() of sequences, one completes") { Observable.of($0.first, $0.second).merge() },
        whenFirstEnds("merge(maxConcurrent:), one completes") {
            Observable.of($0.first, $0.second).merge(maxConcurrent: 2)
        },
        whenFirstEnds("flatMap, an inner sequence completes") { rig in
            Observable.of(0, 1).flatMap { $0 == 0 ? rig.first : rig.second }
        },
        whenFirstEnds("flatMap, an inner sequence fails", with: .error(Failure())) { rig in
            Observable.of(0, 1).flatMap { $0 == 0 ? rig.first : rig.second }
        },
        whenFirstEnds("concat(a, b), a completes") { .concat($0.first, $0.second) },
        TeardownDeadlockCase(
            name: "concatMap, the running inner sequence completes",
            build: { rig in rig.third.concatMap { $0 == 0 ? rig.first : rig.second } },
            prepare: { $0.send(third, .next(0)) },
            trigger: { $0.send(first, .completed) },
            push: { $0.send(third, .next(1)) }
        ),
        whenFirstEnds("zip([a, b]), a completes") { Observable.zip([$0.first, $0.second]).map { $0.count } },
        whenFirstEnds("zip([a, b]), a fails", with: .error(Failure())) {
            Observable.zip([$0.first, $0.second]).map { $0.count }
        },
        whenFirstEnds("zip(a, b), a completes") { Observable.zip($0.first, $0.second) { $0 + $1 } },
        whenFirstEnds("combineLatest([a, b]), a completes") {
            Observable.combineLatest([$0.first, $0.second]).map { $0.count }
        },
        whenFirstEnds("combineLatest(a, b), a fails", with: .error(Failure())) {
            Observable.combineLatest($0.first, $0.second) { $0 + $1 }
        },
        TeardownDeadlockCase(
            name: "combineLatest(a, b), the selector fails",
            build: { rig in
                Observable.combineLatest(rig.first, rig.second) { (left: Int, right: Int) throws -> Int in
                    if left == 9 { throw Failure() }
                    return left + right
                }
            },
            prepare: { $0.send(second, .next(1)) },
            trigger: { $0.send(first, .next(9)) },
            push: { $0.send(second, .next(2)) }
        ),
        whenFirstEnds("withLatestFrom, the source completes") { $0.first.withLatestFrom($0.second) },
        whenFirstEnds("withLatestFrom, the other completes") { $0.second.withLatestFrom($0.first) },
        TeardownDeadlockCase(
            name: "switchLatest, the inner sequence completes",
            build: { rig in rig.third.map { $0 == 0 ? rig.first : rig.second }.switchLatest() },
            prepare: { $0.send(third, .next(0)) },
            trigger: { $0.send(first, .completed) },
            push: { $0.send(third, .next(1)) }
        ),
        TeardownDeadlockCase(
            name: "flatMapLatest, the inner sequence completes",
            build: { rig in rig.third.flatMapLatest { $0 == 0 ? rig.first : rig.second } },
            prepare: { $0.send(third, .next(0)) },
            trigger: { $0.send(first, .completed) },
            push: { $0.send(third, .next(1)) }
        ),
        TeardownDeadlockCase(
            name: "amb, the other side wins",
            build: { $0.first.amb($0.second) },
            trigger: { $0.send(second, .next(1)) },
            push: { $0.send(first, .next(2)) }
        ),
        TeardownDeadlockCase(
            name: "take(until:), the trigger fires",
            build: { $0.first.take(until: $0.second) },
            trigger: { $0.send(second, .next(1)) },
            push: { $0.send(first, .next(2)) }
        ),
        TeardownDeadlockCase(
            name: "skipUntil, the trigger fires",
            build: { $0.second.skip(until: $0.first) },
            trigger: { $0.send(first, .next(1)) },
            push: { $0.send(second, .next(2)) }
        ),
        TeardownDeadlockCase(
            name: "skipUntil, the trigger fails",
            build: { $0.first.skip(until: $0.second) },
            trigger: { $0.send(second, .error(Failure())) },
            push: { $0.send(first, .next(2)) }
        ),
        whenFirstEnds("sample, the source completes") { $0.first.sample($0.second) },
        TeardownDeadlockCase(
            name: "sample, the sampler fails",
            build: { $0.first.sample($0.second) },
            trigger: { $0.send(second, .error(Failure())) },
            push: { $0.send(first, .next(2)) }
        ),
    ]
}

/// Every operator that combines sources tears a source down only after releasing its own lock:
/// a source's teardown that needs a lock held by a thread pushing into another source must
/// not deadlock (RxSwift #2711, #2703). Each case fails after about a second instead of
/// hanging.
///
/// Before the fix 18 of these cases deadlocked. `concat` never held a lock there; `amb`,
/// `take(until:)`, the failing triggers of `skip(until:)` and `sample` tear down the very source
/// the other thread pushes into, whose own sink drops the event first, so in those cases the
/// scenario cannot close the cycle: they stay as guards against a teardown moving back under
/// the lock by another path.
@Suite
struct TeardownDeadlockStressTests {
    @Test("teardown outside the sink lock", arguments: TeardownDeadlockCase.all)
    func teardownOutsideTheSinkLock(_ scenario: TeardownDeadlockCase) {
        let rig = TeardownDeadlockRig()
        let outcome = rig.run(
            scenario.build(rig),
            prepare: scenario.prepare,
            trigger: scenario.trigger,
            push: scenario.push
        )
        #expect(outcome.teardownRan, "the case never tore its source down: \(outcome)")
        #expect(!outcome.deadlocked, "the source was torn down under the sink's lock: \(outcome)")
        #expect(outcome.finished, "\(outcome)")
    }
}
