import RxCore
import RxTest
import XCTest

/// Expressions written the way RxSwift's own tests and users write them, which must compile,
/// and quickly: each one once failed here with "ambiguous use" or "unable to type-check this
/// expression in reasonable time". The compiler is the first check; the assertions keep the
/// expressions honest.
///
/// To measure, type-check this file with `-Xfrontend -warn-long-expression-type-checking=200`
/// (see docs/migrating-from-rxswift.md); every expression here takes a few milliseconds.
final class RxSwiftSpellingsTests: XCTestCase {
    func testMapChainWithRecordedEventsArithmetic() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1),
            .next(210, 0),
            .next(220, 1),
            .next(230, 2),
            .next(240, 4),
            .completed(300),
        ])

        let res = scheduler.start { xs.map { $0 * 10 }.map { $0 + 1 } }

        let correctMessages = Recorded.events(
            .next(210, 0 * 10 + 1),
            .next(220, 1 * 10 + 1),
            .next(230, 2 * 10 + 1),
            .next(240, 4 * 10 + 1),
            .completed(300)
        )
        XCTAssertEqual(res.events, correctMessages)
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testReduceWithAnOperatorAsAccumulator() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1),
            .next(210, 24),
            .next(220, 39),
            .completed(250),
        ])

        let res = scheduler.start { xs.reduce(42, accumulator: +) }

        XCTAssertEqual(res.events, Recorded.events(.next(250, 42 + 24 + 39), .completed(250)))
    }

    func testCombineLatestWithIntegerArithmetic() {
        let scheduler = TestScheduler(initialClock: 0)
        let e0 = scheduler.createHotObservable([.next(150, 1), .next(215, 2), .completed(230)])
        let e1 = scheduler.createHotObservable([.next(150, 1), .next(220, 3), .completed(240)])

        let res = scheduler.start {
            Observable.combineLatest(e0, e1) { x1, x2 in x1 * 10 + x2 - 1 }
        }

        XCTAssertEqual(res.events, Recorded.events(.next(220, 2 * 10 + 3 - 1), .completed(240)))
    }

    func testTraitSubscribeWithOneEventClosure() {
        var singleEvents: [String] = []
        _ = Observable.just(1).asSingle().subscribe { event in
            singleEvents.append("\(event)")
        }
        _ = Observable.just(1).asSingle().subscribe { _ in }
        _ = Observable.just(1).asMaybe().subscribe { _ in }
        _ = Observable<Never>.empty().asCompletable().subscribe { _ in }
        _ = Observable.just(1).subscribe { _ in }
        _ = Infallible.just(1).subscribe { _ in }
        XCTAssertEqual(singleEvents.count, 1)
    }

    func testCompositeDisposableOfFiveAndMore() {
        var disposed: [Int] = []
        let make = { (id: Int) in Disposables.create { disposed.append(id) } }
        let composite = CompositeDisposable(make(1), make(2), make(3), make(4), make(5))
        composite.dispose()
        XCTAssertEqual(disposed, [1, 2, 3, 4, 5])
    }
}
