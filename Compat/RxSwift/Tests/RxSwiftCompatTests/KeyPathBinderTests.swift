import Foundation
import RxCocoa
import RxSwift
import XCTest

/// RxCocoa's key-path subscripts on `.rx`, which RxCocoa's own tests use: `rx[\.value]`
/// binds on the main scheduler, `rx[\.value, on: scheduler]` on the scheduler given.
final class KeyPathBinderTests: XCTestCase {
    private final class Gauge: ReactiveCompatible {
        var onChange: (Int) -> Void = { _ in }
        var value = 0 {
            didSet { onChange(value) }
        }
    }

    func testSubscriptWithASchedulerWritesThePropertyThere() {
        let gauge = Gauge()
        let binder: Binder<Int> = gauge.rx[\.value, on: CurrentThreadScheduler.instance]
        binder.on(.next(3))
        XCTAssertEqual(gauge.value, 3)
    }

    func testSubscriptWritesThePropertyOnTheMainThread() {
        let gauge = Gauge()
        let written = expectation(description: "the binder wrote the value")
        gauge.onChange = { value in
            XCTAssertTrue(Thread.isMainThread)
            XCTAssertEqual(value, 7)
            written.fulfill()
        }
        let binder: Binder<Int> = gauge.rx[\.value]
        let subscription = Observable.just(7)
            .subscribe(on: ConcurrentDispatchQueueScheduler(qos: .default))
            .bind(to: binder)
        wait(for: [written], timeout: 60)
        subscription.dispose()
    }

    func testSubscriptBinderDropsElementsOnceTheObjectIsGone() {
        var gauge: Gauge? = Gauge()
        let binder: Binder<Int> = gauge!.rx[\.value, on: CurrentThreadScheduler.instance]
        weak var released: Gauge?
        released = gauge
        gauge = nil
        XCTAssertNil(released, "the binder holds its object weakly")
        binder.on(.next(1))
    }
}
