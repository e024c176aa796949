import RxCore
import RxTest
import Testing

/// The sum of the arguments, for the wide result selectors.
private func sum(_ values: Int...) -> Int {
    values.reduce(0, +)
}

/// The combining operators of SharedSequence on drivers and signals built from hot
/// observables (each source event reaches its shared sequence one tick later).
@Suite("SharedSequence combining operators", .resourceBalanced)
struct SharedSequenceCombiningTests {
    @Test("withLatestFrom: each element with the other's latest; earlier elements dropped")
    func withLatestFrom() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .next(250, 3), .completed(260)])
        let ys = scheduler.createHotObservable([.next(220, "a"), .next(240, "b")])
        let res = sharedEvents(scheduler) {
            xs.asDriver(onErrorJustReturn: -1).withLatestFrom(ys.asDriver(onErrorJustReturn: "")) { "\($0)\($1)" }
        }
        #expect(res == [.next(231, "2a"), .next(251, "3b"), .completed(261)])
        // The other driver is disconnected when the completion reaches the result, at 261.
        #expect(ys.subscriptions == [Subscription(200, 261)])

        let scheduler2 = TestScheduler(initialClock: 0)
        let taps = scheduler2.createHotObservable([.next(215, ()), .next(235, ())])
        let text = scheduler2.createHotObservable([.next(210, "x"), .next(230, "xy")])
        let submitted = sharedEvents(scheduler2, disposed: 300) {
            taps.asSignal(onErrorJustReturn: ()).withLatestFrom(text.asDriver(onErrorJustReturn: ""))
        }
        #expect(submitted == [.next(216, "x"), .next(236, "xy")])
    }

    @Test("merge: variadic, array and collection forms interleave the sources")
    func merge() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 3), .completed(240)])
        let ys = scheduler.createHotObservable([.next(220, 2), .completed(250)])
        let res = sharedEvents(scheduler) {
            Driver.merge(xs.asDriver(onErrorJustReturn: -1), ys.asDriver(onErrorJustReturn: -1))
        }
        #expect(res == [.next(211, 1), .next(221, 2), .next(231, 3), .completed(251)])

        #expect(driverElements { _ in Driver.merge([Driver.just(1), Driver.just(2)]) } == [1, 2])
        #expect(driverElements { _ in Driver.merge([Driver.just(1), Driver.just(2)][0...]) } == [1, 2])
    }

    @Test("merge() and merge(maxConcurrent:) on a driver of drivers; switchLatest follows the latest")
    func higherOrder() {
        #expect(driverElements { _ in Driver.of(Driver.just(1), Driver.of(2, 3)).merge() }.sorted() == [1, 2, 3])
        let oneAtATime = driverElements { _ in Driver.of(Driver.of(1, 2), Driver.of(3, 4)).merge(maxConcurrent: 1) }
        #expect(oneAtATime == [1, 2, 3, 4])

        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createColdObservable([.next(10, 1), .next(40, 2), .completed(50)])
        let second = scheduler.createColdObservable([.next(10, 3), .completed(20)])
        let res = sharedEvents(scheduler) { () -> Driver<Int> in
            let inner1 = first.asDriver(onErrorJustReturn: -1)
            let inner2 = second.asDriver(onErrorJustReturn: -1)
            let outer = scheduler.createHotObservable([.next(210, inner1), .next(230, inner2), .completed(300)])
            return outer.asDriver(onErrorJustReturn: Driver.empty()).switchLatest()
        }
        #expect(res == [.next(222, 1), .next(242, 3), .completed(301)])
        #expect(first.subscriptions == [Subscription(211, 231)])
        #expect(second.subscriptions == [Subscription(231, 251)])
    }

    @Test("concat of a sequence and of a collection runs the drivers in order")
    func concat() {
        #expect(driverElements { _ in Driver.concat([Driver.of(1, 2), Driver.just(3)]) } == [1, 2, 3])
        #expect(driverElements { _ in Driver.concat([Driver.of(1, 2), Driver.just(3)].lazy.map { $0 }) } == [1, 2, 3])
    }

    @Test("combineLatest of two drivers, with a selector and as tuples")
    func combineLatestTwo() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(260)])
        let ys = scheduler.createHotObservable([.next(220, 10), .next(240, 20), .completed(250)])
        let res = sharedEvents(scheduler) {
            Driver.combineLatest(xs.asDriver(onErrorJustReturn: -1), ys.asDriver(onErrorJustReturn: -1)) { $0 + $1 }
        }
        #expect(res == [.next(221, 11), .next(231, 12), .next(241, 22), .completed(261)])

        let scheduler2 = TestScheduler(initialClock: 0)
        let as2 = scheduler2.createHotObservable([.next(210, 1), .completed(260)])
        let bs2 = scheduler2.createHotObservable([.next(220, "a"), .completed(250)])
        let tuples = sharedEvents(scheduler2) {
            Signal.combineLatest(as2.asSignal(onErrorJustReturn: -1), bs2.asSignal(onErrorJustReturn: ""))
                .map { "\($0)\($1)" }
        }
        #expect(tuples == [.next(221, "1a"), .completed(261)])
    }

    @Test("zip of two drivers pairs the elements by position")
    func zipTwo() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(240)])
        let ys = scheduler.createHotObservable([.next(215, 10), .next(250, 20), .completed(260)])
        let res = sharedEvents(scheduler) {
            Driver.zip(xs.asDriver(onErrorJustReturn: -1), ys.asDriver(onErrorJustReturn: -1)) { $0 + $1 }
        }
        // As RxSwift's zip: the result completes with the last source to complete.
        #expect(res == [.next(216, 11), .next(251, 22), .completed(261)])

        let pairs = driverElements { _ in Driver.zip(Driver.of(1, 2), Driver.of("a", "b")).map { "\($0)\($1)" } }
        #expect(pairs == ["1a", "2b"])
    }

    @Test("combineLatest of 3 to 8 drivers, with a result selector and as tuples")
    func combineLatestArities() {
        let a = { Driver.just(1) }
        #expect(driverElements { _ in Driver.combineLatest(a(), a(), a()) { $0 + $1 + $2 } } == [3])
        #expect(driverElements { _ in Driver.combineLatest(a(), a(), a(), a()) { $0 + $1 + $2 + $3 } } == [4])
        #expect(driverElements { _ in Driver.combineLatest(a(), a(), a(), a(), a()) { $0 + $1 + $2 + $3 + $4 } } == [5])
        #expect(
            driverElements { _ in
                Driver.combineLatest(a(), a(), a(), a(), a(), a()) { sum($0, $1, $2, $3, $4, $5) }
            } == [6])
        #expect(
            driverElements { _ in
                Driver.combineLatest(a(), a(), a(), a(), a(), a(), a()) { sum($0, $1, $2, $3, $4, $5, $6) }
            } == [7])
        #expect(
            driverElements { _ in
                Driver.combineLatest(a(), a(), a(), a(), a(), a(), a(), a()) { sum($0, $1, $2, $3, $4, $5, $6, $7) }
            } == [8])
        #expect(driverElements { _ in Driver.combineLatest(a(), a(), a()).map { $0 + $1 + $2 } } == [3])
        #expect(driverElements { _ in Driver.combineLatest(a(), a(), a(), a()).map { $0 + $1 + $2 + $3 } } == [4])
        #expect(driverElements { _ in Driver.combineLatest(a(), a(), a(), a(), a()).map { sum($0, $1, $2, $3, $4) } } == [5])
        #expect(
            driverElements { _ in
                Driver.combineLatest(a(), a(), a(), a(), a(), a()).map { sum($0, $1, $2, $3, $4, $5) }
            } == [6])
        #expect(
            driverElements { _ in
                Driver.combineLatest(a(), a(), a(), a(), a(), a(), a()).map { sum($0, $1, $2, $3, $4, $5, $6) }
            } == [7])
        #expect(
            driverElements { _ in
                Driver.combineLatest(a(), a(), a(), a(), a(), a(), a(), a()).map { sum($0, $1, $2, $3, $4, $5, $6, $7) }
            } == [8])
    }

    @Test("zip of 3 to 8 drivers, with a result selector and as tuples")
    func zipArities() {
        let a = { Driver.of(1, 2) }
        #expect(driverElements { _ in Driver.zip(a(), a(), a()) { $0 + $1 + $2 } } == [3, 6])
        #expect(driverElements { _ in Driver.zip(a(), a(), a(), a()) { $0 + $1 + $2 + $3 } } == [4, 8])
        #expect(driverElements { _ in Driver.zip(a(), a(), a(), a(), a()) { $0 + $1 + $2 + $3 + $4 } } == [5, 10])
        #expect(
            driverElements { _ in
                Driver.zip(a(), a(), a(), a(), a(), a()) { sum($0, $1, $2, $3, $4, $5) }
            } == [6, 12])
        #expect(
            driverElements { _ in
                Driver.zip(a(), a(), a(), a(), a(), a(), a()) { sum($0, $1, $2, $3, $4, $5, $6) }
            } == [7, 14])
        #expect(
            driverElements { _ in
                Driver.zip(a(), a(), a(), a(), a(), a(), a(), a()) { sum($0, $1, $2, $3, $4, $5, $6, $7) }
            } == [8, 16])
        #expect(driverElements { _ in Driver.zip(a(), a(), a()).map { $0 + $1 + $2 } } == [3, 6])
        #expect(driverElements { _ in Driver.zip(a(), a(), a(), a()).map { $0 + $1 + $2 + $3 } } == [4, 8])
        #expect(driverElements { _ in Driver.zip(a(), a(), a(), a(), a()).map { $0 + $1 + $2 + $3 + $4 } } == [5, 10])
        #expect(
            driverElements { _ in
                Driver.zip(a(), a(), a(), a(), a(), a()).map { sum($0, $1, $2, $3, $4, $5) }
            } == [6, 12])
        #expect(
            driverElements { _ in
                Driver.zip(a(), a(), a(), a(), a(), a(), a()).map { sum($0, $1, $2, $3, $4, $5, $6) }
            } == [7, 14])
        #expect(
            driverElements { _ in
                Driver.zip(a(), a(), a(), a(), a(), a(), a(), a()).map { sum($0, $1, $2, $3, $4, $5, $6, $7) }
            } == [8, 16])
    }

    @Test("collection forms of zip and combineLatest, with and without a selector")
    func collections() {
        #expect(driverElements { _ in Driver.zip([Driver.of(1, 2), Driver.of(10, 20)]) } == [[1, 10], [2, 20]])
        #expect(driverElements { _ in Driver.zip([Driver.of(1, 2), Driver.of(10, 20)]) { sum($0[0], $0[1]) } } == [11, 22])
        #expect(driverElements { _ in Driver.combineLatest([Driver.just(1), Driver.just(10)]) } == [[1, 10]])
        #expect(driverElements { _ in Driver.combineLatest([Driver.just(1), Driver.just(10)]) { sum($0[0], $0[1]) } } == [11])
    }
}
