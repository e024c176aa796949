import RxCore
import RxTest
import Testing

private struct Failure: Error, Equatable {
    let reason: String
}

private struct Person: Equatable, CustomStringConvertible {
    let name: String
    var description: String { "Person(name: \(name))" }
}

@Suite("EventDiff messages")
struct EventDiffTests {
    @Test("equal sequences have no message")
    func equalSequencesHaveNoMessage() {
        let events: [Recorded<Event<Int>>] = [.next(210, 1), .completed(300)]
        #expect(EventDiff.message(actual: events, expected: events) == nil)
        #expect(EventDiff.message(actual: [Recorded<Event<Int>>](), expected: []) == nil)
        #expect(EventDiff.message(actual: [Event<Int>.next(1)], expected: [.next(1)]) == nil)
    }

    @Test("different element at the same time")
    func differentElementAtTheSameTime() {
        let message = EventDiff.message(
            actual: [.next(210, 2), .next(230, 4), .completed(250)],
            expected: [.next(210, 2), .next(230, 3), .completed(250)])
        #expect(
            message == """
                events differ at time 230:
                  time:     210 230 250
                  expected: 2   3   |
                  actual:   2   4   |
                                ^ expected next(3) @ 230, got next(4) @ 230
                """)
    }

    @Test("same element at different times marks the earlier time")
    func sameElementAtDifferentTimesMarksTheEarlierTime() {
        let message = EventDiff.message(
            actual: [.next(210, "a"), .next(240, "b"), .completed(300)],
            expected: [.next(210, "a"), .next(220, "b"), .completed(300)])
        #expect(
            message == """
                events differ at time 220:
                  time:     210 220 240 300
                  expected: a   b   -   |
                  actual:   a   -   b   |
                                ^ expected next(b) @ 220, got next(b) @ 240
                """)
    }

    @Test("missing events and ended sequences")
    func missingEventsAndEndedSequences() {
        let message = EventDiff.message(
            actual: [.next(210, 1), .completed(220)],
            expected: [.next(210, 1), .next(230, 2), .next(1_000, 3)])
        #expect(
            message == """
                events differ at time 220:
                  time:     210 220 230 1000
                  expected: 1   -   2   3
                  actual:   1   |
                                ^ expected next(2) @ 230, got completed @ 220
                """)
    }

    @Test("extra actual event")
    func extraActualEvent() {
        let message = EventDiff.message(
            actual: [.next(210, 1), .next(250, 5)],
            expected: [.next(210, 1)])
        #expect(
            message == """
                events differ at time 250:
                  time:     210 250
                  expected: 1   -
                  actual:   1   5
                                ^ expected no more events, got next(5) @ 250
                """)
    }

    @Test("empty actual sequence")
    func emptyActualSequence() {
        let message = EventDiff.message(actual: [], expected: [Recorded.next(5, 1), .completed(9)])
        #expect(
            message == """
                events differ at time 5:
                  time:     5 9
                  expected: 1 |
                  actual:   - -
                            ^ expected next(1) @ 5, got no more events
                """)
    }

    @Test("errors and simultaneous events")
    func errorsAndSimultaneousEvents() {
        let message = EventDiff.message(
            actual: [.next(200, 1), .next(200, 2), .error(200, Failure(reason: "boom"))],
            expected: [.next(200, 1), .next(200, 2), .completed(200)])
        #expect(
            message == """
                events differ at time 200:
                  time:     200
                  expected: (1,2,|)
                  actual:   (1,2,#)
                            ^ expected completed @ 200, got error(Failure(reason: "boom")) @ 200
                """)
    }

    @Test("wide columns align the marker")
    func wideColumnsAlignTheMarker() {
        let message = EventDiff.message(
            actual: [.next(5, "first"), .next(7, "x"), .next(12_345, "done")],
            expected: [.next(5, "first"), .next(7, "x"), .next(12_345, "dune")])
        #expect(
            message == """
                events differ at time 12345:
                  time:     5     7 12345
                  expected: first x dune
                  actual:   first x done
                                    ^ expected next(dune) @ 12345, got next(done) @ 12345
                """)
    }

    @Test("long values are shortened and listed")
    func longValuesAreShortenedAndListed() {
        let long = Person(name: "Ada Lovelace")
        let other = Person(name: "Grace Hopper")
        let message = EventDiff.message(
            actual: [.next(210, long), .next(220, other)],
            expected: [.next(210, long), .completed(220)])
        #expect(
            message == """
                events differ at time 220:
                  time:     210          220
                  expected: Person(name… |
                  actual:   Person(name… Person(name…
                                         ^ expected completed @ 220, got next(Person(name: Grace Hopper)) @ 220
                  expected events:
                    next(Person(name: Ada Lovelace)) @ 210
                    completed @ 220
                  actual events:
                    next(Person(name: Ada Lovelace)) @ 210
                    next(Person(name: Grace Hopper)) @ 220
                """)
    }

    @Test("multiline and empty values")
    func multilineAndEmptyValues() {
        let message = EventDiff.message(
            actual: [.next(1, "two\nlines")],
            expected: [.next(1, "")])
        #expect(
            message == """
                events differ at time 1:
                  time:     1
                  expected: ""
                  actual:   two lines…
                            ^ expected next() @ 1, got next(two\\nlines) @ 1
                  expected events:
                    next() @ 1
                  actual events:
                    next(two\\nlines) @ 1
                """)
    }

    @Test("events without times use positions")
    func eventsWithoutTimesUsePositions() {
        let message = EventDiff.message(
            actual: [Event<Int>.next(2), .next(4), .completed],
            expected: [.next(2), .next(3), .completed])
        #expect(
            message == """
                events differ at index 1:
                  index:    0 1 2
                  expected: 2 3 |
                  actual:   2 4 |
                              ^ expected next(3), got next(4)
                """)
    }

    @Test("events without times of different lengths")
    func eventsWithoutTimesOfDifferentLengths() {
        let message = EventDiff.message(
            actual: [Event<Int>.next(2)],
            expected: [.next(2), .error(Failure(reason: "x"))])
        #expect(
            message == """
                events differ at index 1:
                  index:    0 1
                  expected: 2 #
                  actual:   2
                              ^ expected error(Failure(reason: "x")), got no more events
                """)
    }
}
