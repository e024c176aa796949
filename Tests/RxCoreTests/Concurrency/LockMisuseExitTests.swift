#if DEBUG
import Dispatch
import Foundation
import RxCore
import TestSupport
import Testing

/// In debug builds the core's non-recursive locks are error-checking mutexes: code that takes
/// one again on the thread that holds it (a user closure or observer run under an internal
/// lock that calls back in) stops the program with a message instead of hanging. Each case runs
/// in a child process; a watchdog there ends it with success if the lock hangs, so a regression
/// fails the expectation instead of hanging the suite.
@Suite("lock misuse stops the program in debug builds", hangTimeLimit(minutes: 2))
struct LockMisuseExitTests {
    static let message = "rxtrace: lock taken again on the thread that holds it: a user closure or observer ran under an internal lock"

    @Test("taking a Lock again on its thread stops with the message")
    func lockTakenAgain() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            exitSuccessfullyIfStillRunning(afterSeconds: 30)
            let lock = Lock()
            lock.lock()
            lock.lock()
        }
        #expect(String(decoding: result.standardErrorContent, as: UTF8.self).contains(Self.message))
    }

    @Test("withLock inside withLock of the same LockedValue stops with the message")
    func lockedValueTakenAgain() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            exitSuccessfullyIfStillRunning(afterSeconds: 30)
            let value = LockedValue(0)
            value.withLock { outer in
                outer += value.withLock { $0 }
            }
        }
        #expect(String(decoding: result.standardErrorContent, as: UTF8.self).contains(Self.message))
    }

    @Test("unlocking a Lock that is not held stops, naming the call and its error")
    func unlockWithoutLock() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let lock = Lock()
            lock.unlock()
        }
        #expect(
            String(decoding: result.standardErrorContent, as: UTF8.self).contains("rxtrace: pthread_mutex_unlock failed with EPERM")
        )
    }
}

/// Ends the (child) process with status 0 after `seconds`: the exit test then sees success where
/// it expects a failure, and fails instead of waiting forever on a lock that hangs.
private func exitSuccessfullyIfStillRunning(afterSeconds seconds: Int) {
    DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(seconds)) {
        exit(EXIT_SUCCESS)
    }
}
#endif
