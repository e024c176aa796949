import Foundation
import RxCore
import RxTest
import Testing

@Suite("decode(type:decoder:)", .resourceBalanced)
struct DecodeTests {
    private struct Point: Codable, Equatable {
        var x: Int
        var y: Int
    }

    private func json(_ text: String) -> Data {
        Data(text.utf8)
    }

    @Test("each Data element is decoded with the JSON decoder")
    func decodesJSON() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, json(#"{"x":1,"y":2}"#)),
            .next(220, json(#"{"x":3,"y":4}"#)),
            .completed(230),
        ])
        let res = scheduler.start { xs.decode(type: Point.self, decoder: JSONDecoder()) }
        #expect(res.events == [.next(210, Point(x: 1, y: 2)), .next(220, Point(x: 3, y: 4)), .completed(230)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
    }

    @Test("a property list decoder works the same way")
    func decodesPropertyList() throws {
        let encoded = try PropertyListEncoder().encode(Point(x: 5, y: 6))
        let events = synchronousEvents(Observable.just(encoded).decode(type: Point.self, decoder: PropertyListDecoder()))
        #expect(events == [.next(Point(x: 5, y: 6)), .completed])
    }

    @Test("undecodable data fails the sequence and unsubscribes the source")
    func decodingFails() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, json(#"{"x":1,"y":2}"#)),
            .next(220, json(#"{"x":"one"}"#)),
            .next(230, json(#"{"x":3,"y":4}"#)),
            .completed(240),
        ])
        let res = scheduler.start { xs.decode(type: Point.self, decoder: JSONDecoder()) }
        #expect(res.events.count == 2)
        #expect(res.events.first == .next(210, Point(x: 1, y: 2)))
        let failure = try #require(res.events.last)
        #expect(failure.time == 220)
        #expect(failure.value.error is DecodingError)
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }

    @Test("an error from the source goes downstream")
    func sourceFails() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, json(#"{"x":1,"y":2}"#)), .error(220, testError)])
        let res = scheduler.start { xs.decode(type: Point.self, decoder: JSONDecoder()) }
        #expect(res.events == [.next(210, Point(x: 1, y: 2)), .error(220, testError)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }

    @Test("disposing early unsubscribes the source")
    func earlyDispose() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, json(#"{"x":1,"y":2}"#)), .next(260, json(#"{"x":3,"y":4}"#)), .completed(270),
        ])
        let res = scheduler.start(disposed: 250) { xs.decode(type: Point.self, decoder: JSONDecoder()) }
        #expect(res.events == [.next(210, Point(x: 1, y: 2))])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }
}
