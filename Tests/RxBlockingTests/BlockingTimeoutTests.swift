import Foundation
import RxBlocking
import RxCore
import TestSupport
import Testing

@Suite("BlockingObservable timeouts", .offPool)
struct BlockingTimeoutTests {
    @Test("to array times out and disposes the subscription")
    func toArrayTimesOutAndDisposesTheSubscription() {
        let disposed = Flag()
        let start = Date()
        let error = #expect(throws: RxError.self) {
            try TestSources.endless([1], disposed: disposed).toBlocking(timeout: 0.05).toArray()
        }
        #expect(isTimeout(error))
        #expect(Date().timeIntervalSince(start) >= 0.05)
        #expect(disposed.isSet)
    }

    @Test("first last and single time out")
    func firstLastAndSingleTimeOut() {
        let source = TestSources.endless([])
        #expect(isTimeout(#expect(throws: RxError.self) { try source.toBlocking(timeout: 0.05).first() }))
        #expect(isTimeout(#expect(throws: RxError.self) { try source.toBlocking(timeout: 0.05).last() }))
        #expect(isTimeout(#expect(throws: RxError.self) { try source.toBlocking(timeout: 0.05).single() }))
    }

    @Test("single times out after one element")
    func singleTimesOutAfterOneElement() {
        let error = #expect(throws: RxError.self) {
            try TestSources.endless([8]).toBlocking(timeout: 0.05).single()
        }
        #expect(isTimeout(error))
    }

    @Test("materialize reports the timeout with elements so far")
    func materializeReportsTheTimeoutWithElementsSoFar() {
        let (elements, error) = unpack(TestSources.endless([1, 2]).toBlocking(timeout: 0.05).materialize())
        #expect(elements == [1, 2])
        #expect(isTimeout(error))
    }

    @Test("late background source times out and is disposed")
    func lateBackgroundSourceTimesOutAndIsDisposed() {
        let disposed = Flag()
        let finished = Flag()
        let error = #expect(throws: RxError.self) {
            try TestSources.background([1], delay: 0.5, disposed: disposed, finished: finished)
                .toBlocking(timeout: 0.05).toArray()
        }
        #expect(isTimeout(error))
        #expect(disposed.isSet)
        // Let the late emission finish, so its resources are not counted against later tests.
        #expect(finished.wait(timeout: hangGuardSeconds))
    }

    @Test("source that ends in time does not time out")
    func sourceThatEndsInTimeDoesNotTimeOut() throws {
        #expect(try TestSources.background([1, 2], delay: 0.01).toBlocking(timeout: hangGuardSeconds).toArray() == [1, 2])
    }

    @Test("zero timeout still sees a synchronous source")
    func zeroTimeoutStillSeesASynchronousSource() throws {
        #expect(try TestSources.synchronous([1, 2]).toBlocking(timeout: 0).toArray() == [1, 2])
    }
}
