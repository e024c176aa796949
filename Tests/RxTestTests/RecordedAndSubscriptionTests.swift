import RxCore
import RxTest
import Testing

private struct Failure: Error, Equatable {}

@Suite("Recorded and Subscription values")
struct RecordedAndSubscriptionTests {
    @Test("recorded factories")
    func recordedFactories() {
        let next: Recorded<Event<Int>> = .next(10, 1)
        #expect(next.time == 10)
        #expect(next.value == .next(1))
        #expect(Recorded<Event<Int>>.completed(20).value == .completed)
        #expect(Recorded.completed(20, Int.self) == Recorded(time: 20, value: Event<Int>.completed))
        #expect(Recorded.error(30, Failure(), String.self) == Recorded(time: 30, value: Event<String>.error(Failure())))
    }

    @Test("recorded equality compares time and value")
    func recordedEqualityComparesTimeAndValue() {
        #expect(Recorded(time: 1, value: "a") == Recorded(time: 1, value: "a"))
        #expect(Recorded(time: 1, value: "a") != Recorded(time: 2, value: "a"))
        #expect(Recorded(time: 1, value: "a") != Recorded(time: 1, value: "b"))
        #expect(Set([Recorded(time: 1, value: 5), Recorded(time: 1, value: 5), Recorded(time: 2, value: 5)]).count == 2)
    }

    @Test("recorded description")
    func recordedDescription() {
        #expect(Recorded<Event<Int>>.next(210, 4).debugDescription == "next(4) @ 210")
        #expect(Recorded<Event<Int>>.completed(300).debugDescription == "completed @ 300")
    }

    @Test("recorded events helpers")
    func recordedEventsHelpers() {
        let single = Recorded.events(.next(1, "a"), .completed(2))
        #expect(single == [.next(1, "a"), .completed(2)])
        let fromArray = Recorded.events([.next(1, 1), .next(2, 2), .completed(3)])
        #expect(fromArray == [.next(1, 1), .next(2, 2), .completed(3)])
    }

    @Test("subscription values")
    func subscriptionValues() {
        #expect(Subscription(200).unsubscribe == Int.max)
        #expect(Subscription(200).isOpen)
        #expect(!Subscription(200, 300).isOpen)
        #expect(Subscription(200, 300) == Subscription(200, 300))
        #expect(Subscription(200, 300) != Subscription(200, 301))
        #expect(Set([Subscription(1), Subscription(1), Subscription(1, 2)]).count == 2)
        #expect(Subscription(200, 300).debugDescription == "(200 : 300)")
        #expect(Subscription(200).debugDescription == "(200 : Infinity)")
    }
}
