import RxCore
import RxTest
import Testing

@Suite(.resourceBalanced)
struct PublishRelayTests: BookPlayground {
    let console = PlaygroundConsole()

    // MARK: - The book, chapter 3: "Working with relays"

    @Test("book publish relay example")
    func bookPublishRelayExample() {
        example(of: "PublishRelay") {
            let relay = PublishRelay<String>()
            let disposeBag = DisposeBag()
            relay.accept("Knock knock, anyone home?")
            relay
                .subscribe(onNext: {
                    print($0)
                })
                .disposed(by: disposeBag)
            relay.accept("1")
        }
        #expect(console.lines == ["", "--- Example of: PublishRelay ---", "1"])
    }

    @Test("book relays cannot be sent stop events")
    func bookRelaysCannotBeSentStopEvents() {
        // The book: `relay.accept(MyError.anError)` and `relay.onCompleted()` do not compile,
        // because a relay is not an observer; only `accept(_:)` feeds it.
        let relay: Any = PublishRelay<String>()
        #expect(!(relay is any ObserverType))
        #expect(!(relay is any SubjectType))
        #expect(relay is any ObservableType)
    }

    // MARK: - Behaviour

    @Test("subscribers receive only what is accepted while subscribed")
    func subscribersReceiveOnlyWhatIsAcceptedWhileSubscribed() {
        let relay = PublishRelay<Int>()
        let early = EventLog<Int>()
        let late = EventLog<Int>()
        relay.accept(0)
        let first = relay.subscribe(early)
        relay.accept(1)
        let second = relay.asObservable().subscribe(late)
        relay.accept(2)
        first.dispose()
        relay.accept(3)
        #expect(early.events == [.next(1), .next(2)])
        #expect(late.events == [.next(2), .next(3)])
        second.dispose()
    }

    @Test("closure subscriptions work")
    func closureSubscriptionsWork() {
        let relay = PublishRelay<String>()
        var seen: [String] = []
        var disposed = 0
        let subscription = relay.subscribe(onNext: { seen.append($0) }, onDisposed: { disposed += 1 })
        relay.accept("a")
        relay.accept("b")
        subscription.dispose()
        relay.accept("c")
        #expect(seen == ["a", "b"])
        #expect(disposed == 1)
    }

    @Test("the wrapped subject lives as long as the relay", .enabled(if: Resources.isEnabled, "needs the TraceResources trait"))
    func theWrappedSubjectLivesAsLongAsTheRelay() {
        let before = Resources.snapshot()
        var relay: PublishRelay<Int>? = PublishRelay()
        let subscription = relay?.subscribe(EventLog<Int>())
        var during = Resources.snapshot().difference(from: before)
        #expect(during["PublishSubject<Int>"] == 1)
        #expect(during["SubjectSubscription"] == 1)
        subscription?.dispose()
        relay = nil
        during = Resources.snapshot().difference(from: before)
        #expect(during["PublishSubject<Int>"] == nil)
    }
}
