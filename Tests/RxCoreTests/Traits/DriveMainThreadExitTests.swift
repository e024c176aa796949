import Dispatch
import Foundation
import RxCore
import RxTest
import Testing

// Every test here is an exit test: they came with Swift 6.2, and the package declares 6.1.
#if compiler(>=6.2)
/// In debug builds the `drive` family stops the program when called off the main thread on
/// a driver of the main scheduler (each case runs in a child process).
@Suite("Driver: drive on the main thread", .offPool)
struct DriveMainThreadExitTests {
    @Test("driving a main-scheduler driver from a background thread stops with a clear message")
    func offMainThreadStops() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let checked = DispatchSemaphore(value: 0)
            DispatchQueue.global().async {
                let driver = Driver.just(1)
                _ = driver.drive(onNext: { _ in })
                checked.signal()
            }
            // Reached only when the check wrongly passes: the child then exits normally.
            checked.wait()
        }
        let message = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(message.contains("`drive*` family of methods can only be called from the main thread."))
        #expect(message.contains("SharingScheduler.mock(scheduler:action:)"))
    }

    @Test("every member of the family checks, drive(with:) included")
    func driveWithStops() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let checked = DispatchSemaphore(value: 0)
            DispatchQueue.global().async {
                final class Owner {}
                let owner = Owner()
                _ = BehaviorRelay(value: 0).asDriver().drive(with: owner, onNext: { _, _ in })
                checked.signal()
            }
            checked.wait()
        }
        let message = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(message.contains("`drive*` family of methods can only be called from the main thread."))
    }

    @Test("a driver built inside SharingScheduler.mock may be driven from any thread, even after the mock")
    func mockedDriverDrivesAnywhere() async throws {
        await #expect(processExitsWith: .success) {
            let finished = DispatchSemaphore(value: 0)
            DispatchQueue.global().async {
                let scheduler = TestScheduler(initialClock: 0)
                var driver: Driver<Int>?
                SharingScheduler.mock(scheduler: scheduler) {
                    driver = Driver.just(1)
                }
                var received: [Int] = []
                let subscription = driver?.drive(onNext: { received.append($0) })
                scheduler.start()
                subscription?.dispose()
                precondition(received == [1], "expected [1], got \(received)")
                finished.signal()
            }
            finished.wait()
        }
    }
}
#endif
