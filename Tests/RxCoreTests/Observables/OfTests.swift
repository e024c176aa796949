import RxCore
import RxTest
import Testing

@Suite("of")
struct OfTests {
    @Test("emits its arguments in order and completes")
    func emitsInOrder() {
        CreationSupport.expectNoLeaks {
            let result = CreationSupport.events(of: Observable.of(1, 2, 3))
            #expect(result.events == [.next(1), .next(2), .next(3), .completed])
        }
    }

    @Test("no arguments gives a sequence that only completes")
    func noArguments() {
        CreationSupport.expectNoLeaks {
            let result = CreationSupport.events(of: Observable<Int>.of())
            #expect(result.events == [.completed])
        }
    }

    @Test("a single array argument is one element")
    func arrayArgument() {
        CreationSupport.expectNoLeaks {
            let observable: Observable<[Int]> = Observable.of([1, 2, 3])
            #expect(CreationSupport.events(of: observable).events == [.next([1, 2, 3]), .completed])
        }
    }

    @Test("a sequence subscribed inside another takes turns with it through the trampoline")
    func nestedSubscriptionsInterleave() {
        CreationSupport.expectNoLeaks {
            var log: [String] = []
            _ = Observable.of(1, 2).subscribe(
                onNext: { outer in
                    log.append("outer \(outer)")
                    _ = Observable.of("a", "b").subscribe(
                        onNext: { log.append("inner\(outer) \($0)") },
                        onCompleted: { log.append("inner\(outer) completed") }
                    )
                },
                onCompleted: { log.append("outer completed") }
            )
            // Each step of each sequence is one trampoline item, queued behind the items
            // already waiting: the outer second element comes before the first inner ends.
            #expect(
                log == [
                    "outer 1",
                    "inner1 a",
                    "outer 2",
                    "inner1 b",
                    "inner2 a",
                    "outer completed",
                    "inner1 completed",
                    "inner2 b",
                    "inner2 completed",
                ])
        }
    }

    @Test("subscribing inside the trampoline returns before any element")
    func subscribeInsideTrampolineIsDeferred() {
        CreationSupport.expectNoLeaks {
            var log: [String] = []
            _ = CurrentThreadScheduler.instance.schedule(()) { _ in
                _ = Observable.of(1, 2).subscribe { log.append("\($0)") }
                log.append("subscribed")
                return Disposables.create()
            }
            #expect(log == ["subscribed", "next(1)", "next(2)", "completed"])
        }
    }

    @Test("disposing from inside the subscriber stops the remaining elements")
    func disposeFromInside() {
        CreationSupport.expectNoLeaks {
            var received: [Int] = []
            _ = CurrentThreadScheduler.instance.schedule(()) { _ in
                var subscription: Disposable?
                subscription = Observable.of(1, 2, 3, 4).subscribe(onNext: { element in
                    received.append(element)
                    if element == 2 { subscription?.dispose() }
                })
                return Disposables.create()
            }
            #expect(received == [1, 2])
        }
    }

    @Test("on a test scheduler each element and the completion take one tick")
    func virtualTime() {
        CreationSupport.expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let res = scheduler.start { Observable.of(1, 2, 3, scheduler: scheduler) }
            #expect(res.events == [.next(201, 1), .next(202, 2), .next(203, 3), .completed(204)])
        }
    }

    @Test("disposed part way, the rest is not sent")
    func virtualTimeDisposed() {
        CreationSupport.expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let res = scheduler.start(disposed: 203) { Observable.of(1, 2, 3, scheduler: scheduler) }
            #expect(res.events == [.next(201, 1), .next(202, 2)])
        }
    }

    @Test("each subscription runs its own pass over the elements")
    func twoSubscriptionsOnVirtualTime() {
        CreationSupport.expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let source = Observable.of("x", "y", scheduler: scheduler)
            let first = scheduler.createObserver(String.self)
            let second = scheduler.createObserver(String.self)
            var subscriptions: [Disposable] = []
            scheduler.scheduleAt(200) { subscriptions.append(source.subscribe(first)) }
            scheduler.scheduleAt(300) { subscriptions.append(source.subscribe(second)) }
            scheduler.start()
            #expect(first.events == [.next(201, "x"), .next(202, "y"), .completed(203)])
            #expect(second.events == [.next(301, "x"), .next(302, "y"), .completed(303)])
            subscriptions.forEach { $0.dispose() }
        }
    }

    @Test("book chapter 2: subscribe")
    func bookSubscribe() {
        CreationSupport.expectNoLeaks {
            let console = CreationSupport.Console()
            func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
                console.write(items, separator: separator, terminator: terminator)
            }
            func example(of description: String, action: () -> Void) {
                console.example(of: description, action: action)
            }

            example(of: "subscribe") {
                let one = 1
                let two = 2
                let three = 3

                let observable = Observable.of(one, two, three)

                _ = observable.subscribe { event in
                    print(event)
                }
                _ = observable.subscribe { event in
                    if let element = event.element {
                        print(element)
                    }
                }
                _ = observable.subscribe(onNext: { element in
                    print(element)
                })
            }
            #expect(
                console.text == """

                    --- Example of: subscribe ---
                    next(1)
                    next(2)
                    next(3)
                    completed
                    1
                    2
                    3
                    1
                    2
                    3

                    """)
        }
    }

    @Test("book chapter 2: dispose and DisposeBag")
    func bookDispose() {
        CreationSupport.expectNoLeaks {
            let console = CreationSupport.Console()
            func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
                console.write(items, separator: separator, terminator: terminator)
            }
            func example(of description: String, action: () -> Void) {
                console.example(of: description, action: action)
            }

            example(of: "dispose") {
                let observable = Observable.of("A", "B", "C")
                let subscription = observable.subscribe { event in
                    print(event)
                }
                subscription.dispose()
            }
            example(of: "DisposeBag") {
                let disposeBag = DisposeBag()
                Observable.of("A", "B", "C")
                    .subscribe {
                        print($0)
                    }
                    .disposed(by: disposeBag)
            }
            #expect(
                console.text == """

                    --- Example of: dispose ---
                    next(A)
                    next(B)
                    next(C)
                    completed

                    --- Example of: DisposeBag ---
                    next(A)
                    next(B)
                    next(C)
                    completed

                    """)
        }
    }
}
