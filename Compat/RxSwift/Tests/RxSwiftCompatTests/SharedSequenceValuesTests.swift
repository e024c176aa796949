import Dispatch
import RxCocoa
import RxSwift
import XCTest

/// A driver's and a signal's `values` cannot throw, as in RxCocoa: `for await` without `try`.
final class SharedSequenceValuesTests: XCTestCase {
    func testDriverValuesEndWithTheDriverAndNeedNoTry() async {
        var driver: Driver<Int>?
        SharingScheduler.mock(scheduler: SerialDispatchQueueScheduler(qos: .default)) {
            driver = Observable.of(1, 2, 3).asDriver(onErrorJustReturn: -1)
        }
        var received: [Int] = []
        for await value in driver!.values {
            received.append(value)
        }
        XCTAssertEqual(received, [1, 2, 3])
    }

    func testSignalValuesStopWhenTheLoopEnds() async {
        let relay = PublishRelay<Int>()
        var signal: Signal<Int>?
        SharingScheduler.mock(scheduler: SerialDispatchQueueScheduler(qos: .default)) {
            signal = relay.asSignal()
        }
        let values = signal!.values
        relay.accept(7)
        var first: Int?
        for await value in values {
            first = value
            break
        }
        XCTAssertEqual(first, 7)
    }
}
