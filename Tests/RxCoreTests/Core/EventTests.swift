import RxCore
import RxTest
import Testing

@Suite(.resourceBalanced)
struct EventTests {
    @Test("properties of next")
    func propertiesOfNext() {
        let event = Event<Int>.next(3)
        #expect(event.element == 3)
        #expect(event.error == nil)
        #expect(!event.isStopEvent)
        #expect(!event.isCompleted)
    }

    @Test("properties of error")
    func propertiesOfError() {
        let event = Event<Int>.error(testError)
        #expect(event.element == nil)
        #expect(event.error as? TestError == testError)
        #expect(event.isStopEvent)
        #expect(!event.isCompleted)
    }

    @Test("properties of completed")
    func propertiesOfCompleted() {
        let event = Event<Int>.completed
        #expect(event.element == nil)
        #expect(event.error == nil)
        #expect(event.isStopEvent)
        #expect(event.isCompleted)
    }

    @Test("map transforms only elements")
    func mapTransformsOnlyElements() {
        #expect(Event<Int>.next(2).map { $0 * 10 } == .next(20))
        #expect(Event<Int>.completed.map { $0 * 10 } == .completed)
        #expect(Event<Int>.error(testError).map { $0 * 10 } == .error(testError))
    }

    @Test("map turns a throw into an error")
    func mapTurnsAThrowIntoAnError() {
        let mapped = Event<Int>.next(2).map { _ -> String in throw testError2 }
        #expect(mapped == .error(testError2))
    }

    @Test("equality compares errors structurally")
    func equalityComparesErrorsStructurally() {
        #expect(Event<Int>.error(testError) == .error(TestError(code: 1)))
        #expect(Event<Int>.error(testError) != .error(testError2))
        #expect(Event<Int>.error(testError) != .error(RxError.unknown))
        #expect(Event<Int>.error(RxError.timeout) == .error(RxError.timeout))
        #expect(Event<Int>.next(1) != .completed)
    }

    @Test("debug description matches the debug operator's text")
    func debugDescriptionMatchesTheDebugOperatorsText() {
        #expect(Event<Int>.next(1).debugDescription == "next(1)")
        #expect(Event<Int>.completed.debugDescription == "completed")
        #expect(Event<Int>.error(testError).debugDescription == "error(TestError(1))")
    }
}
