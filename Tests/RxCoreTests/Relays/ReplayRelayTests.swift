import RxCore
import RxTest
import Testing

@Suite(.resourceBalanced)
struct ReplayRelayTests {
    @Test("replays the last elements to new subscribers")
    func replaysTheLastElementsToNewSubscribers() {
        let relay = ReplayRelay<Int>.create(bufferSize: 2)
        relay.accept(1)
        relay.accept(2)
        relay.accept(3)
        let early = EventLog<Int>()
        let first = relay.subscribe(early)
        relay.accept(4)
        let late = EventLog<Int>()
        let second = relay.asObservable().subscribe(late)
        relay.accept(5)
        #expect(early.events == [.next(2), .next(3), .next(4), .next(5)])
        #expect(late.events == [.next(3), .next(4), .next(5)])
        first.dispose()
        second.dispose()
    }

    @Test("buffer sizes zero and one")
    func bufferSizesZeroAndOne() {
        let none = ReplayRelay<Int>.create(bufferSize: 0)
        let one = ReplayRelay<Int>.create(bufferSize: 1)
        for value in 1...3 {
            none.accept(value)
            one.accept(value)
        }
        #expect(synchronousEvents(none) == [])
        #expect(synchronousEvents(one) == [.next(3)])
    }

    @Test("unbounded relay replays everything")
    func unboundedRelayReplaysEverything() {
        let relay = ReplayRelay<String>.createUnbounded()
        for value in ["a", "b", "c", "d"] {
            relay.accept(value)
        }
        let log = EventLog<String>()
        let subscription = relay.subscribe(log)
        #expect(log.events == [.next("a"), .next("b"), .next("c"), .next("d")])
        subscription.dispose()
    }

    @Test("unsubscribed observer gets nothing more")
    func unsubscribedObserverGetsNothingMore() {
        let relay = ReplayRelay<Int>.create(bufferSize: 1)
        var seen: [Int] = []
        let subscription = relay.subscribe(onNext: { seen.append($0) })
        relay.accept(1)
        subscription.dispose()
        relay.accept(2)
        #expect(seen == [1])
    }
}
