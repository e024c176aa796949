import RxCore
import RxTest
import Testing

@Suite("generate")
struct GenerateTests {
    typealias Failure = CreationSupport.Failure

    @Test("emits states while the condition holds, then completes")
    func basic() {
        CreationSupport.expectNoLeaks {
            let source = Observable.generate(initialState: 1, condition: { $0 < 20 }, iterate: { $0 * 3 })
            #expect(CreationSupport.events(of: source).events == [.next(1), .next(3), .next(9), .completed])
        }
    }

    @Test("a false condition at the start only completes, without iterating")
    func falseAtStart() {
        CreationSupport.expectNoLeaks {
            var iterations = 0
            let source = Observable.generate(
                initialState: 10, condition: { $0 < 5 },
                iterate: { state in
                    iterations += 1
                    return state + 1
                })
            #expect(CreationSupport.events(of: source).events == [.completed])
            #expect(iterations == 0)
        }
    }

    @Test("each subscription starts again from the initial state")
    func freshStatePerSubscription() {
        CreationSupport.expectNoLeaks {
            let source = Observable.generate(initialState: "a", condition: { $0.count < 3 }, iterate: { $0 + "a" })
            let expected: [Event<String>] = [.next("a"), .next("aa"), .completed]
            #expect(CreationSupport.events(of: source).events == expected)
            #expect(CreationSupport.events(of: source).events == expected)
        }
    }

    @Test("on a test scheduler each step takes one tick")
    func virtualTime() {
        CreationSupport.expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let res = scheduler.start {
                Observable.generate(initialState: 0, condition: { $0 <= 2 }, scheduler: scheduler, iterate: { $0 + 1 })
            }
            #expect(res.events == [.next(201, 0), .next(202, 1), .next(203, 2), .completed(204)])
        }
    }

    @Test("a throwing condition ends the sequence with its error")
    func conditionThrows() {
        CreationSupport.expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let res = scheduler.start {
                Observable.generate(
                    initialState: 0,
                    condition: { state in
                        if state == 2 { throw Failure.boom }
                        return true
                    },
                    scheduler: scheduler,
                    iterate: { $0 + 1 }
                )
            }
            #expect(res.events == [.next(201, 0), .next(202, 1), .error(203, Failure.boom)])
        }
    }

    @Test("a throwing iterate ends the sequence with its error")
    func iterateThrows() {
        CreationSupport.expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            var conditionCalls = 0
            let res = scheduler.start {
                Observable.generate(
                    initialState: 0,
                    condition: { _ in
                        conditionCalls += 1
                        return true
                    },
                    scheduler: scheduler,
                    iterate: { state in
                        if state == 1 { throw Failure.other }
                        return state + 1
                    }
                )
            }
            #expect(res.events == [.next(201, 0), .next(202, 1), .error(203, Failure.other)])
            #expect(conditionCalls == 2)
        }
    }

    @Test("disposed part way, no further step runs")
    func virtualTimeDisposed() {
        CreationSupport.expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            var iterations = 0
            let res = scheduler.start(disposed: 203) {
                Observable.generate(
                    initialState: 0, condition: { _ in true }, scheduler: scheduler,
                    iterate: { state in
                        iterations += 1
                        return state + 1
                    })
            }
            #expect(res.events == [.next(201, 0), .next(202, 1)])
            #expect(iterations == 1)
        }
    }
}
