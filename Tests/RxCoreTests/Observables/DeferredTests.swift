import RxCore
import RxTest
import Testing

@Suite("deferred")
struct DeferredTests {
    typealias Failure = CreationSupport.Failure

    @Test("the factory runs at each subscription, not before")
    func factoryPerSubscription() {
        CreationSupport.expectNoLeaks {
            var calls = 0
            let source = Observable<Int>.deferred {
                calls += 1
                return Observable.just(calls)
            }
            #expect(calls == 0)
            #expect(CreationSupport.events(of: source).events == [.next(1), .completed])
            #expect(CreationSupport.events(of: source).events == [.next(2), .completed])
            #expect(calls == 2)
        }
    }

    @Test("a throwing factory sends its error to the subscriber")
    func factoryThrows() {
        CreationSupport.expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let res = scheduler.start {
                Observable<Int>.deferred { throw Failure.boom }
            }
            #expect(res.events == [.error(200, Failure.boom)])
        }
    }

    @Test("the made sequence's events, errors included, pass through at their times")
    func forwardsEvents() {
        CreationSupport.expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            var made: TestableObservable<Int>?
            let res = scheduler.start {
                Observable<Int>.deferred {
                    let xs = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .error(30, Failure.other)])
                    made = xs
                    return xs.asObservable()
                }
            }
            #expect(res.events == [.next(210, 1), .next(220, 2), .error(230, Failure.other)])
            #expect(made?.subscriptions == [Subscription(200, 230)])
        }
    }

    @Test("disposing disposes the subscription to the made sequence")
    func disposeReachesSource() {
        CreationSupport.expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            var made: TestableObservable<Int>?
            let res = scheduler.start(disposed: 215) {
                Observable<Int>.deferred {
                    let xs = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .completed(30)])
                    made = xs
                    return xs.asObservable()
                }
            }
            #expect(res.events == [.next(210, 1)])
            #expect(made?.subscriptions == [Subscription(200, 215)])
        }
    }

    @Test("book chapter 2: deferred")
    func bookDeferred() {
        CreationSupport.expectNoLeaks {
            let console = CreationSupport.Console()
            func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
                console.write(items, separator: separator, terminator: terminator)
            }
            func example(of description: String, action: () -> Void) {
                console.example(of: description, action: action)
            }

            example(of: "deferred") {
                let disposeBag = DisposeBag()

                var flip = false

                let factory: Observable<Int> = Observable.deferred {
                    flip.toggle()

                    if flip {
                        return Observable.of(1, 2, 3)
                    } else {
                        return Observable.of(4, 5, 6)
                    }
                }

                for _ in 0...3 {
                    factory.subscribe(onNext: {
                        print($0, terminator: "")
                    })
                    .disposed(by: disposeBag)

                    print()
                }
            }
            #expect(
                console.text == """

                    --- Example of: deferred ---
                    123
                    456
                    123
                    456

                    """)
        }
    }
}
