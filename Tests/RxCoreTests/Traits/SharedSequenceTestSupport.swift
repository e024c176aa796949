import RxCore
import RxTest

/// Builds a driver with `make` inside `SharingScheduler.mock`, subscribes it at 200 on a
/// fresh test scheduler, and returns the elements it delivered (without their times).
func driverElements<Element>(_ make: (TestScheduler) -> Driver<Element>) -> [Element] {
    let scheduler = TestScheduler(initialClock: 0)
    var elements: [Element] = []
    SharingScheduler.mock(scheduler: scheduler) {
        let driver = make(scheduler)
        elements = scheduler.start { driver }.events.compactMap { $0.value.element }
    }
    return elements
}

/// Builds a shared sequence with `make` inside `SharingScheduler.mock`, subscribes it at 200,
/// disposes it at `disposed`, and returns the recorded events with their times.
func sharedEvents<Strategy: SharingStrategyProtocol, Element>(
    _ scheduler: TestScheduler,
    disposed: TestTime = 1000,
    _ make: () -> SharedSequence<Strategy, Element>
) -> [Recorded<Event<Element>>] {
    var events: [Recorded<Event<Element>>] = []
    SharingScheduler.mock(scheduler: scheduler) {
        let sequence = make()
        events = scheduler.start(disposed: disposed) { sequence }.events
    }
    return events
}
