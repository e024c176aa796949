import RxCore
import RxTest
import Testing

@Suite("empty")
struct EmptyTests {
    @Test("completes during subscribe, with no element")
    func completes() {
        CreationSupport.expectNoLeaks {
            let result = CreationSupport.events(of: Observable<Int>.empty())
            #expect(result.events == [.completed])
        }
    }

    @Test("on virtual time the completion comes at the subscription time")
    func virtualTime() {
        CreationSupport.expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let res = scheduler.start { Observable<Int>.empty() }
            #expect(res.events == [.completed(200)])
        }
    }

    @Test("the subscription's onDisposed runs after the completion")
    func disposedAfterCompletion() {
        CreationSupport.expectNoLeaks {
            var log: [String] = []
            _ = Observable<Void>.empty().subscribe(
                onNext: { log.append("next") },
                onCompleted: { log.append("completed") },
                onDisposed: { log.append("disposed") }
            )
            #expect(log == ["completed", "disposed"])
        }
    }

    @Test("book chapter 2: empty")
    func bookEmpty() {
        CreationSupport.expectNoLeaks {
            let console = CreationSupport.Console()
            func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
                console.write(items, separator: separator, terminator: terminator)
            }
            func example(of description: String, action: () -> Void) {
                console.example(of: description, action: action)
            }

            example(of: "empty") {
                let observable = Observable<Void>.empty()

                _ = observable.subscribe(
                    onNext: { element in
                        print(element)
                    },
                    onCompleted: {
                        print("Completed")
                    }
                )
            }
            #expect(
                console.text == """

                    --- Example of: empty ---
                    Completed

                    """)
        }
    }
}
