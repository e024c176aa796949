import RxCore
import Testing

/// The book's `create` examples (chapter 2), with their printed output.
@Suite("create (book examples)")
struct CreateTests {
    enum MyError: Error {
        case anError
    }

    @Test("book chapter 2: create, completed")
    func bookCreateCompleted() {
        CreationSupport.expectNoLeaks {
            let console = CreationSupport.Console()
            func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
                console.write(items, separator: separator, terminator: terminator)
            }
            func example(of description: String, action: () -> Void) {
                console.example(of: description, action: action)
            }

            example(of: "create") {
                let disposeBag = DisposeBag()

                Observable<String>.create { observer in
                    observer.onNext("1")

                    observer.onCompleted()

                    observer.onNext("?")

                    return Disposables.create()
                }
                .subscribe(
                    onNext: { print($0) },
                    onError: { print($0) },
                    onCompleted: { print("Completed") },
                    onDisposed: { print("Disposed") }
                )
                .disposed(by: disposeBag)
            }
            #expect(
                console.text == """

                    --- Example of: create ---
                    1
                    Completed
                    Disposed

                    """)
        }
    }

    @Test("book chapter 2: create, error")
    func bookCreateError() {
        CreationSupport.expectNoLeaks {
            let console = CreationSupport.Console()
            func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
                console.write(items, separator: separator, terminator: terminator)
            }
            func example(of description: String, action: () -> Void) {
                console.example(of: description, action: action)
            }

            example(of: "create") {
                let disposeBag = DisposeBag()

                Observable<String>.create { observer in
                    observer.onNext("1")

                    observer.onError(MyError.anError)

                    observer.onCompleted()

                    observer.onNext("?")

                    return Disposables.create()
                }
                .subscribe(
                    onNext: { print($0) },
                    onError: { print($0) },
                    onCompleted: { print("Completed") },
                    onDisposed: { print("Disposed") }
                )
                .disposed(by: disposeBag)
            }
            #expect(
                console.text == """

                    --- Example of: create ---
                    1
                    anError
                    Disposed

                    """)
        }
    }

    /// Runs the book's last `create` listing and returns what it printed, the subscription
    /// it made and a weak reference to the console its handlers print to.
    private static func runUnterminatedExample() -> (text: String, subscription: Disposable, console: () -> CreationSupport.Console?) {
        let console = CreationSupport.Console()
        func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
            console.write(items, separator: separator, terminator: terminator)
        }
        func example(of description: String, action: () -> Void) {
            console.example(of: description, action: action)
        }

        // The book's listing leaves out the `return` too, which Swift rejects; the point
        // stands: no stop event, so neither "Completed" nor "Disposed" is printed.
        var subscription: Disposable = Disposables.create()
        example(of: "create") {
            subscription = Observable<String>.create { observer in
                observer.onNext("1")

                observer.onNext("?")

                return Disposables.create()
            }
            .subscribe(
                onNext: { print($0) },
                onError: { print($0) },
                onCompleted: { print("Completed") },
                onDisposed: { print("Disposed") }
            )
        }
        return (console.text, subscription, { [weak console] in console })
    }

    @Test("book chapter 2: create, never terminated nor disposed, leaks its subscription")
    func bookCreateUnterminated() {
        var text = ""
        var console: () -> CreationSupport.Console? = { nil }
        do {
            // The subscription is dropped at the end of this block.
            let run = Self.runUnterminatedExample()
            text = run.text
            console = run.console
        }
        #expect(
            text == """

                --- Example of: create ---
                1
                ?

                """)
        // As the book says, the subscription is never freed: without a stop event or a
        // dispose, nothing breaks the sink's link with its disposer, so the handlers and
        // the console they print to stay alive after the subscription is dropped.
        #expect(console() != nil)
    }

    @Test("book chapter 2: create, never terminated, freed by disposing")
    func bookCreateUnterminatedDisposed() {
        CreationSupport.expectNoLeaks {
            let run = Self.runUnterminatedExample()
            #expect(run.text == "\n--- Example of: create ---\n1\n?\n")
            run.subscription.dispose()
            #expect(run.console() == nil)
        }
    }
}
