import RxCore
import RxTest
import Testing

@Suite("never")
struct NeverTests {
    @Test("sends nothing, on virtual time either")
    func nothing() {
        CreationSupport.expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let res = scheduler.start { Observable<Int>.never() }
            #expect(res.events.isEmpty)
        }
    }

    @Test("the subscription ends only when disposed")
    func endsOnDispose() {
        CreationSupport.expectNoLeaks {
            var log: [String] = []
            let subscription = Observable<Int>.never().subscribe(
                onNext: { log.append("next \($0)") },
                onError: { log.append("error \($0)") },
                onCompleted: { log.append("completed") },
                onDisposed: { log.append("disposed") }
            )
            #expect(log.isEmpty)
            subscription.dispose()
            #expect(log == ["disposed"])
        }
    }

    @Test("book chapter 2: never")
    func bookNever() {
        CreationSupport.expectNoLeaks {
            let console = CreationSupport.Console()
            func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
                console.write(items, separator: separator, terminator: terminator)
            }
            func example(of description: String, action: () -> Void) {
                console.example(of: description, action: action)
            }

            // The book writes `Observable.never()`; Swift needs the element type spelled out.
            example(of: "never") {
                let observable = Observable<Void>.never()

                let subscription = observable.subscribe(
                    onNext: { element in
                        print(element)
                    },
                    onCompleted: {
                        print("Completed")
                    }
                )
                subscription.dispose()
            }
            #expect(
                console.text == """

                    --- Example of: never ---

                    """)
        }
    }
}
