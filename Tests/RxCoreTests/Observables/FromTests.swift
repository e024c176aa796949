import RxCore
import RxTest
import Testing

@Suite("from")
struct FromTests {
    @Test("an array's elements are emitted in order, then completion")
    func array() {
        CreationSupport.expectNoLeaks {
            let result = CreationSupport.events(of: Observable.from([3, 1, 2]))
            #expect(result.events == [.next(3), .next(1), .next(2), .completed])
        }
    }

    @Test("an empty array only completes")
    func emptyArray() {
        CreationSupport.expectNoLeaks {
            let result = CreationSupport.events(of: Observable<String>.from([]))
            #expect(result.events == [.completed])
        }
    }

    @Test("any Swift sequence works, with a fresh iterator per subscription")
    func sequence() {
        CreationSupport.expectNoLeaks {
            let source = Observable.from(stride(from: 0, to: 9, by: 4))
            #expect(CreationSupport.events(of: source).events == [.next(0), .next(4), .next(8), .completed])
            #expect(CreationSupport.events(of: source).events == [.next(0), .next(4), .next(8), .completed])
            let characters = Observable.from("hey")
            #expect(CreationSupport.events(of: characters).events == [.next("h"), .next("e"), .next("y"), .completed])
        }
    }

    @Test("the sequence is iterated lazily, one element per step")
    func lazyIteration() {
        CreationSupport.expectNoLeaks {
            var log: [String] = []
            let numbers = (1...3).lazy.map { value -> Int in
                log.append("make \(value)")
                return value
            }
            _ = Observable.from(numbers).subscribe(
                onNext: { log.append("got \($0)") },
                onCompleted: { log.append("completed") }
            )
            #expect(log == ["make 1", "got 1", "make 2", "got 2", "make 3", "got 3", "completed"])
        }
    }

    @Test("on a test scheduler each element and the completion take one tick")
    func virtualTime() {
        CreationSupport.expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let res = scheduler.start { Observable.from([10, 20], scheduler: scheduler) }
            #expect(res.events == [.next(201, 10), .next(202, 20), .completed(203)])
        }
    }

    @Test("a generic sequence on a test scheduler, disposed part way")
    func virtualTimeSequenceDisposed() {
        CreationSupport.expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let res = scheduler.start(disposed: 203) { Observable.from(1..., scheduler: scheduler) }
            #expect(res.events == [.next(201, 1), .next(202, 2)])
        }
    }

    @Test("book chapter 2: just, of, from")
    func bookJustOfFrom() {
        CreationSupport.expectNoLeaks {
            let console = CreationSupport.Console()
            func example(of description: String, action: () -> Void) {
                console.example(of: description, action: action)
            }

            var observable: Observable<Int>?
            var observable2: Observable<Int>?
            var observable3: Observable<[Int]>?
            var observable4: Observable<Int>?
            example(of: "just, of, from") {
                let one = 1
                let two = 2
                let three = 3

                // The explicit types above are what the book reads off option-click.
                observable = Observable<Int>.just(one)
                observable2 = Observable.of(one, two, three)
                observable3 = Observable.of([one, two, three])
                observable4 = Observable.from([one, two, three])
            }
            #expect(console.text == "\n--- Example of: just, of, from ---\n")
            #expect(observable.map { CreationSupport.events(of: $0).events } == [.next(1), .completed])
            #expect(observable2.map { CreationSupport.events(of: $0).events } == [.next(1), .next(2), .next(3), .completed])
            #expect(observable3.map { CreationSupport.events(of: $0).events } == [.next([1, 2, 3]), .completed])
            #expect(observable4.map { CreationSupport.events(of: $0).events } == [.next(1), .next(2), .next(3), .completed])
        }
    }
}
