import RxCore
import RxTest
import Testing

@Suite("Swift Testing assertion helpers")
struct AssertionHelperTests {
    @Test("expect events passes on equal events")
    func expectEventsPassesOnEqualEvents() {
        #expect(expectEvents([Recorded.next(210, 1), .completed(300)], [.next(210, 1), .completed(300)]))
        #expect(expectEvents([Event<Int>.next(1)], [.next(1)]))
        #expect(expectRecordedElements([Recorded.next(210, 1), .next(220, 2), .completed(300)], [1, 2]))
    }

    @Test("expect events records the diagram as the issue")
    func expectEventsRecordsTheDiagramAsTheIssue() {
        let actual: [Recorded<Event<Int>>] = [.next(210, 2), .next(230, 4), .completed(250)]
        let expected: [Recorded<Event<Int>>] = [.next(210, 2), .next(230, 3), .completed(250)]
        var result: Bool?
        withKnownIssue {
            result = expectEvents(actual, expected)
        } matching: { issue in
            issue.comments.map(\.rawValue) == [EventDiff.message(actual: actual, expected: expected) ?? ""]
        }
        #expect(result == false)
    }

    @Test("expect events without times records an issue")
    func expectEventsWithoutTimesRecordsAnIssue() {
        withKnownIssue {
            expectEvents([Event<Int>.next(1)], [.next(2)])
        } matching: { issue in
            issue.comments.first?.rawValue.hasPrefix("events differ at index 0:") == true
        }
    }

    @Test("expect recorded elements ignores times and stop events")
    func expectRecordedElementsIgnoresTimesAndStopEvents() {
        withKnownIssue {
            expectRecordedElements([Recorded.next(210, 1), .next(220, 3), .completed(300)], [1, 2])
        } matching: { issue in
            issue.comments.map(\.rawValue) == [
                """
                recorded elements differ at index 1:
                  expected: [1, 2]
                  actual:   [1, 3]
                """
            ]
        }
    }

    @Test("expect recorded elements reports missing elements")
    func expectRecordedElementsReportsMissingElements() {
        withKnownIssue {
            expectRecordedElements([Recorded.next(210, "a"), .completed(300)], ["a", "b"])
        } matching: { issue in
            issue.comments.map(\.rawValue) == [
                """
                recorded elements differ at index 1:
                  expected: ["a", "b"]
                  actual:   ["a"]
                """
            ]
        }
    }
}
