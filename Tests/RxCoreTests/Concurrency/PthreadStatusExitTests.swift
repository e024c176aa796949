import CRxTrace
import Foundation
import TestSupport
import Testing

@testable import RxCore

/// A pthread call that fails stops the program with a message naming the call and its error,
/// on the C side (the dump signal's install lock, the thread-exit keys) as on the Swift side (the
/// thread keys), worded as the lock layer words it. Each case runs in a child process.
@Suite("a failed pthread call stops the program with a message", hangTimeLimit(minutes: 2))
struct PthreadStatusExitTests {
    @Test("the C side's check writes the call and its error, then aborts")
    func cSideStops() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            rxtrace_pthread_call_failed("pthread_mutex_lock", EINVAL)
        }
        #expect(String(decoding: result.standardErrorContent, as: UTF8.self).contains("rxtrace: pthread_mutex_lock failed with EINVAL\n"))
    }

    @Test("the C side names an error without a name by its number")
    func cSideUnnamedError() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            rxtrace_pthread_call_failed("pthread_once", 12_345)
        }
        #expect(String(decoding: result.standardErrorContent, as: UTF8.self).contains("rxtrace: pthread_once failed with error 12345\n"))
    }

    @Test("a pthread_setspecific on a key that does not exist stops, naming the call and EINVAL")
    func swiftSideStops() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            // Far beyond any key the system hands out (PTHREAD_KEYS_MAX is 1024 on Linux, 512 on Darwin).
            let missing = pthread_key_t(1 << 20)
            PthreadStatus.check(pthread_setspecific(missing, nil), "pthread_setspecific")
        }
        #expect(String(decoding: result.standardErrorContent, as: UTF8.self).contains("rxtrace: pthread_setspecific failed with EINVAL"))
    }
}
