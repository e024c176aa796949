import RxCore
import RxTest

/// Helpers for the combining operator tests.
enum CombiningSupport {
    /// The recorded events with each element transformed, for comparing tuple results.
    static func mapElements<Element, Result>(
        _ events: [Recorded<Event<Element>>],
        _ transform: (Element) -> Result
    ) -> [Recorded<Event<Result>>] {
        events.map { Recorded(time: $0.time, value: $0.value.map(transform)) }
    }

    /// Subscribes to `source`, records what it delivers synchronously, then disposes.
    static func synchronousEvents<Element>(_ source: Observable<Element>) -> [Event<Element>] {
        var events: [Event<Element>] = []
        let subscription = source.subscribe { events.append($0) }
        subscription.dispose()
        return events
    }
}
