import Foundation
import RxBlocking
import RxCore
import TestSupport
import Testing

@Suite("BlockingObservable with sources on other threads", .offPool)
struct BlockingThreadingTests {
    @Test("to array waits for a background source")
    func toArrayWaitsForABackgroundSource() throws {
        #expect(try TestSources.background([1, 2, 3]).toBlocking().toArray() == [1, 2, 3])
    }

    @Test("background error is thrown")
    func backgroundErrorIsThrown() {
        #expect(throws: TestError(code: 10)) {
            try TestSources.background([1], error: TestError(code: 10)).toBlocking().toArray()
        }
    }

    @Test("first of a background source disposes it before returning")
    func firstOfABackgroundSourceDisposesItBeforeReturning() throws {
        let disposed = Flag()
        let first = try TestSources.background([5, 6], terminate: false, disposed: disposed).toBlocking().first()
        #expect(first == 5)
        #expect(disposed.isSet)
    }

    @Test("single of a background source stops at the second element")
    func singleOfABackgroundSourceStopsAtTheSecondElement() {
        let disposed = Flag()
        let error = #expect(throws: RxError.self) {
            try TestSources.background([1, 2, 3], terminate: false, disposed: disposed).toBlocking().single()
        }
        #expect(isMoreThanOneElement(error))
        #expect(disposed.isSet)
    }

    @Test("materialize of a background source")
    func materializeOfABackgroundSource() {
        let result = TestSources.background([4], error: TestError(code: 11)).toBlocking().materialize()
        let (elements, error) = unpack(result)
        #expect(elements == [4])
        #expect(error as? TestError == TestError(code: 11))
    }

    @Test("many concurrent blocking calls each get their own elements")
    func manyConcurrentBlockingCallsEachGetTheirOwnElements() async throws {
        try await withThrowingTaskGroup(of: (Int, [Int]).self) { group in
            for index in 0..<8 {
                // Each blocking call waits on a thread of its own, not on the cooperative pool.
                group.addTask {
                    let elements = await onDedicatedThread {
                        let source = TestSources.background([index, index + 100], delay: 0.001)
                        return Result { try source.toBlocking(timeout: hangGuardSeconds).toArray() }
                    }
                    return (index, try elements.get())
                }
            }
            for try await (index, elements) in group {
                #expect(elements == [index, index + 100])
            }
        }
    }
}
