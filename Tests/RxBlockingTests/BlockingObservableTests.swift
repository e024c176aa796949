import RxBlocking
import RxCore
import Testing

/// The elements and the error of a materialized result, for comparing in expectations.
func unpack(_ result: MaterializedSequenceResult<Int>) -> (elements: [Int], error: Error?) {
    switch result {
    case .completed(let elements): return (elements, nil)
    case .failed(let elements, let error): return (elements, error)
    }
}

@Suite("BlockingObservable operators on synchronous sources", .offPool)
struct BlockingObservableTests {
    // MARK: toArray

    @Test("to array returns all elements in order")
    func toArrayReturnsAllElementsInOrder() throws {
        #expect(try TestSources.synchronous([1, 2, 3]).toBlocking().toArray() == [1, 2, 3])
    }

    @Test("to array of empty sequence is empty")
    func toArrayOfEmptySequenceIsEmpty() throws {
        #expect(try TestSources.synchronous([]).toBlocking().toArray() == [])
    }

    @Test("to array throws the sequence error")
    func toArrayThrowsTheSequenceError() {
        #expect(throws: TestError(code: 1)) {
            try TestSources.synchronous([1, 2], error: TestError(code: 1)).toBlocking().toArray()
        }
    }

    // MARK: first

    @Test("first returns the first element and disposes")
    func firstReturnsTheFirstElementAndDisposes() throws {
        let disposed = Flag()
        let first = try TestSources.synchronous([4, 5, 6], disposed: disposed).toBlocking().first()
        #expect(first == 4)
        #expect(disposed.isSet)
    }

    @Test("first of empty sequence is nil")
    func firstOfEmptySequenceIsNil() throws {
        #expect(try TestSources.synchronous([]).toBlocking().first() == nil)
    }

    @Test("first throws an error before the first element")
    func firstThrowsAnErrorBeforeTheFirstElement() {
        #expect(throws: TestError(code: 2)) {
            try TestSources.synchronous([], error: TestError(code: 2)).toBlocking().first()
        }
    }

    @Test("first ignores an error after the first element")
    func firstIgnoresAnErrorAfterTheFirstElement() throws {
        #expect(try TestSources.synchronous([7], error: TestError(code: 3)).toBlocking().first() == 7)
    }

    // MARK: last

    @Test("last returns the last element")
    func lastReturnsTheLastElement() throws {
        #expect(try TestSources.synchronous([1, 2, 3]).toBlocking().last() == 3)
    }

    @Test("last of empty sequence is nil")
    func lastOfEmptySequenceIsNil() throws {
        #expect(try TestSources.synchronous([]).toBlocking().last() == nil)
    }

    @Test("last throws the sequence error")
    func lastThrowsTheSequenceError() {
        #expect(throws: TestError(code: 4)) {
            try TestSources.synchronous([1], error: TestError(code: 4)).toBlocking().last()
        }
    }

    // MARK: single

    @Test("single returns the only element")
    func singleReturnsTheOnlyElement() throws {
        #expect(try TestSources.synchronous([9]).toBlocking().single() == 9)
    }

    @Test("single of empty sequence throws no elements")
    func singleOfEmptySequenceThrowsNoElements() {
        let error = #expect(throws: RxError.self) {
            try TestSources.synchronous([]).toBlocking().single()
        }
        #expect(isNoElements(error))
    }

    @Test("single of two elements throws more than one element and disposes")
    func singleOfTwoElementsThrowsMoreThanOneElementAndDisposes() {
        let disposed = Flag()
        let error = #expect(throws: RxError.self) {
            try TestSources.endless([1, 2], disposed: disposed).toBlocking().single()
        }
        #expect(isMoreThanOneElement(error))
        #expect(disposed.isSet)
    }

    @Test("single throws the sequence error")
    func singleThrowsTheSequenceError() {
        #expect(throws: TestError(code: 5)) {
            try TestSources.synchronous([1], error: TestError(code: 5)).toBlocking().single()
        }
    }

    @Test("single with predicate returns the only match")
    func singleWithPredicateReturnsTheOnlyMatch() throws {
        #expect(try TestSources.synchronous([1, 2, 3]).toBlocking().single { $0 == 2 } == 2)
    }

    @Test("single with predicate throws more than one element for two matches")
    func singleWithPredicateThrowsMoreThanOneElementForTwoMatches() {
        let error = #expect(throws: RxError.self) {
            try TestSources.synchronous([1, 2, 3]).toBlocking().single { $0 > 1 }
        }
        #expect(isMoreThanOneElement(error))
    }

    @Test("single with predicate throws no elements without match")
    func singleWithPredicateThrowsNoElementsWithoutMatch() {
        let error = #expect(throws: RxError.self) {
            try TestSources.synchronous([1, 2, 3]).toBlocking().single { $0 > 5 }
        }
        #expect(isNoElements(error))
    }

    @Test("single rethrows the predicate error and disposes")
    func singleRethrowsThePredicateErrorAndDisposes() {
        let disposed = Flag()
        var seen: [Int] = []
        #expect(throws: TestError(code: 6)) {
            try TestSources.endless([1, 2, 3], disposed: disposed).toBlocking().single { element in
                seen.append(element)
                if element == 2 { throw TestError(code: 6) }
                return false
            }
        }
        #expect(seen == [1, 2])
        #expect(disposed.isSet)
    }

    // MARK: materialize

    @Test("materialize reports completion with elements")
    func materializeReportsCompletionWithElements() {
        let (elements, error) = unpack(TestSources.synchronous([1, 2]).toBlocking().materialize())
        #expect(elements == [1, 2])
        #expect(error == nil)
    }

    @Test("materialize reports failure with elements before it")
    func materializeReportsFailureWithElementsBeforeIt() {
        let result = TestSources.synchronous([1], error: TestError(code: 7)).toBlocking().materialize()
        let (elements, error) = unpack(result)
        #expect(elements == [1])
        #expect(error as? TestError == TestError(code: 7))
    }

    // MARK: conversion

    @Test("to blocking accepts any observable convertible type")
    func toBlockingAcceptsAnyObservableConvertibleType() throws {
        struct Wrapper: ObservableConvertibleType {
            func asObservable() -> Observable<Int> { TestSources.synchronous([3, 4]) }
        }
        #expect(try Wrapper().toBlocking().toArray() == [3, 4])
    }
}
