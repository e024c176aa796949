import RxRelay
import RxSwift
import XCTest

/// Calls in the shapes RxSwift's own test suite writes them, which failed to compile against
/// these modules before: each test here names one such shape.
final class RxSwiftTestSuiteShapesTests: XCTestCase {
    /// RxRelay spells the unbounded replay relay's factory `createUnbound()`.
    func testReplayRelayCreateUnboundReplaysEverything() {
        let relay = ReplayRelay<Int>.createUnbound()
        for element in 1...5 {
            relay.accept(element)
        }
        var received: [Int] = []
        _ = relay.subscribe(onNext: { received.append($0) })
        XCTAssertEqual(received, [1, 2, 3, 4, 5])
    }

    /// An infallible's `subscribe(_:)` hands out `InfallibleEvent`s, so a closure that does not
    /// name its parameter's type switches over `.next` and `.completed` only.
    func testInfallibleSubscribeGivesInfallibleEvents() {
        var entries: [String] = []
        _ = Infallible.of(1, 2).subscribe { event in
            switch event {
            case .next(let element): entries.append("next \(element)")
            case .completed: entries.append("completed")
            }
        }
        XCTAssertEqual(entries, ["next 1", "next 2", "completed"])
    }

    /// A closure that names `Event` still gets the `Event` overload.
    func testInfallibleSubscribeWithANamedEventType() {
        var events: [Event<Int>] = []
        _ = Infallible.just(3).subscribe { (event: Event<Int>) in events.append(event) }
        XCTAssertEqual(events, [.next(3), .completed])
    }

    /// `InfallibleEvent` converts to `Event`, as RxSwift's `EventConvertible` conformance does.
    func testInfallibleEventConvertsToEvent() {
        let events: [InfallibleEvent<Int>] = [.next(4), .completed]
        XCTAssertEqual(events.map(\.event), [.next(4), .completed])
    }

    /// `from(_:)` makes each trait from one asynchronous closure (RxSwift's concurrency tests).
    func testTraitsFromAsynchronousClosures() async throws {
        var received: [String] = []
        for await value in Infallible.from({ "Hello" }).values {
            received.append(value)
        }
        XCTAssertEqual(received, ["Hello"])
        let single = try await Single.from { 42 }.value
        XCTAssertEqual(single, 42)
        let maybe = try await Maybe.from { 7 }.value
        XCTAssertEqual(maybe, 7)
        let empty = try await Maybe<Int>.from(nil).value
        XCTAssertNil(empty)
        try await Completable.from {}.value
    }

    /// `Infallible.from` with a trailing closure is the asynchronous factory, not
    /// `from(optional:)` wrapping the closure itself (RxSwift's Infallible concurrency tests).
    func testInfallibleFromATrailingClosureRunsTheClosure() async {
        let greeting = Infallible.from { "Hello" }
        var received: [String] = []
        for await value in greeting.values {
            received.append(value)
        }
        XCTAssertEqual(received, ["Hello"])
    }

    /// The error the closure throws is the trait's failure.
    func testTraitsFromThrowingClosuresFail() async {
        struct Failure: Error {}
        do {
            _ = try await Single<Int>.from { throw Failure() }.value
            XCTFail("the single should have failed")
        } catch {
            XCTAssertTrue(error is Failure)
        }
        do {
            try await Completable.from { throw Failure() }.value
            XCTFail("the completable should have failed")
        } catch {
            XCTAssertTrue(error is Failure)
        }
    }
}
