import RxCocoa
import RxSwift
import RxTest
import XCTest

/// ControlProperty and ControlEvent, RxCocoa's traits for user-interface elements, on plain
/// sequences. XCTest runs these on the main thread, where the main-queue subscription the
/// traits make happens at once.
final class ControlPropertyTests: XCTestCase {
    private final class Field {
        var text: String?
    }

    func testSubscribingGivesTheCurrentValueThenChangesAndChangedSkipsTheCurrentOne() {
        let text = BehaviorSubject<String?>(value: "a")
        let property = ControlProperty(values: text, valueSink: AnyObserver<String?> { _ in })
        var all: [String?] = []
        var changes: [String?] = []
        let bag = DisposeBag()
        property.subscribe(onNext: { all.append($0) }).disposed(by: bag)
        property.changed.subscribe(onNext: { changes.append($0) }).disposed(by: bag)
        text.onNext("ab")
        XCTAssertEqual(all, ["a", "ab"])
        XCTAssertEqual(changes, ["ab"])
    }

    func testBindingSetsThePropertyAndOrEmptyReadsNilAsEmpty() {
        let field = Field()
        let text = BehaviorSubject<String?>(value: nil)
        let property = ControlProperty(
            values: text,
            valueSink: AnyObserver<String?> { event in
                if case .next(let value) = event { field.text = value }
            }
        )
        var read: [String] = []
        let bag = DisposeBag()
        property.orEmpty.subscribe(onNext: { read.append($0) }).disposed(by: bag)
        Observable.just("typed").bind(to: property.orEmpty).disposed(by: bag)
        XCTAssertEqual(field.text, "typed")
        XCTAssertEqual(read, [""])
    }

    func testControlEventSendsNoInitialValueAndDrivesOnTheSharingScheduler() {
        let taps = PublishSubject<Int>()
        let event = ControlEvent(events: taps)
        let scheduler = TestScheduler(initialClock: 0)
        scheduler.scheduleAt(210) { taps.onNext(1) }
        scheduler.scheduleAt(220) { taps.onNext(2) }
        var recorded: [Recorded<Event<Int>>] = []
        SharingScheduler.mock(scheduler: scheduler) {
            let driver = event.asDriver()
            recorded = scheduler.start { driver.asObservable() }.events
        }
        // The driver observes on the (mocked) main scheduler: each tap arrives one tick later.
        XCTAssertEqual(recorded, [.next(211, 1), .next(221, 2)])
    }

    func testControlEventAsInfallibleForwardsEvents() {
        let taps = PublishSubject<Int>()
        let event = ControlEvent(events: taps)
        var fromInfallible: [Int] = []
        let bag = DisposeBag()
        event.asInfallible().subscribe(onNext: { fromInfallible.append($0) }).disposed(by: bag)
        taps.onNext(3)
        taps.onCompleted()
        XCTAssertEqual(fromInfallible, [3])
    }
}
