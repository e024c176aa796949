import RxCocoa
import RxSwift
import XCTest

/// `Driver.from` and `Signal.from` make a driver or signal from one asynchronous closure,
/// with the three error policies of `asDriver`/`asSignal` (RxCocoa's concurrency tests).
final class SharedSequenceFromAsyncTests: XCTestCase {
    private struct Failure: Error {}

    private func elements<Strategy>(of sequence: SharedSequence<Strategy, String>) async -> [String] {
        var received: [String] = []
        for await element in sequence.values {
            received.append(element)
        }
        return received
    }

    func testDriverFromAClosureSendsItsValueThenCompletes() async {
        let received = await elements(of: Driver.from({ "Hello" }, onErrorJustReturn: "fallback"))
        XCTAssertEqual(received, ["Hello"])
    }

    func testDriverFromAThrowingClosureAppliesEachErrorPolicy() async {
        let justReturn = await elements(of: Driver.from({ throw Failure() }, onErrorJustReturn: "just"))
        XCTAssertEqual(justReturn, ["just"])
        let driveWith = await elements(of: Driver.from({ throw Failure() }, onErrorDriveWith: .just("drive")))
        XCTAssertEqual(driveWith, ["drive"])
        let recover = await elements(of: Driver.from({ throw Failure() }, onErrorRecover: { error in .just("\(error is Failure)") }))
        XCTAssertEqual(recover, ["true"])
    }

    func testSignalFromAClosureSendsItsValueThenCompletes() async {
        let received = await elements(of: Signal.from({ "Hello" }, onErrorJustReturn: "fallback"))
        XCTAssertEqual(received, ["Hello"])
    }

    func testSignalFromAThrowingClosureAppliesEachErrorPolicy() async {
        let justReturn = await elements(of: Signal.from({ throw Failure() }, onErrorJustReturn: "just"))
        XCTAssertEqual(justReturn, ["just"])
        let signalWith = await elements(of: Signal.from({ throw Failure() }, onErrorSignalWith: .just("signal")))
        XCTAssertEqual(signalWith, ["signal"])
        let recover = await elements(of: Signal.from({ throw Failure() }, onErrorRecover: { error in .just("\(error is Failure)") }))
        XCTAssertEqual(recover, ["true"])
    }
}
