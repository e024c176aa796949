import Dispatch
import Foundation
import Testing

@testable import RxCore

// Every test here is an exit test: they came with Swift 6.2, and the package declares 6.1.
#if compiler(>=6.2)
extension SchedulerTests {
    /// The main-queue assertions stop the program when called elsewhere (each case runs in a
    /// child process).
    @Suite(.offPool) struct MainSchedulerExitTests {
        @Test("ensure executing on scheduler stops off the main queue")
        func ensureExecutingOnSchedulerStopsOffTheMainQueue() async throws {
            let result = try await #require(
                processExitsWith: .failure, observing: [\.standardErrorContent]
            ) {
                let checked = DispatchSemaphore(value: 0)
                DispatchQueue.global().async {
                    MainScheduler.ensureExecutingOnScheduler(errorMessage: "custom queue message")
                    checked.signal()
                }
                // Reached only when the check wrongly passes: the child then exits normally.
                checked.wait()
            }
            #expect(String(decoding: result.standardErrorContent, as: UTF8.self).contains("custom queue message"))
        }

        @Test("ensure running on main thread stops off the main thread")
        func ensureRunningOnMainThreadStopsOffTheMainThread() async throws {
            let result = try await #require(
                processExitsWith: .failure, observing: [\.standardErrorContent]
            ) {
                let checked = DispatchSemaphore(value: 0)
                DispatchQueue.global().async {
                    MainScheduler.ensureRunningOnMainThread(errorMessage: "custom thread message")
                    checked.signal()
                }
                checked.wait()
            }
            #expect(String(decoding: result.standardErrorContent, as: UTF8.self).contains("custom thread message"))
        }

        @Test("default messages name the problem")
        func defaultMessagesNameTheProblem() async throws {
            let result = try await #require(
                processExitsWith: .failure, observing: [\.standardErrorContent]
            ) {
                let checked = DispatchSemaphore(value: 0)
                DispatchQueue.global().async {
                    MainScheduler.ensureExecutingOnScheduler()
                    checked.signal()
                }
                checked.wait()
            }
            #expect(String(decoding: result.standardErrorContent, as: UTF8.self).contains("MainScheduler.instance.schedule"))
        }
    }
}
#endif
