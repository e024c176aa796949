import Foundation
import RxCore
import RxTest
import TestSupport
import Testing

@Suite(.resourceBalanced, .offPool)
struct BehaviorRelayTests: BookPlayground {
    let console = PlaygroundConsole()

    // MARK: - The book, chapter 3: "Working with relays"

    @Test("book behavior relay example")
    func bookBehaviorRelayExample() {
        var outputs: [[String]] = []
        example(of: "BehaviorRelay") {
            // 1
            let relay = BehaviorRelay(value: "Initial value")
            let disposeBag = DisposeBag()
            // 2
            relay.accept("New initial value")
            // 3 (the book's listing prints the label "1"; its output shows "1)")
            relay
                .subscribe {
                    print(label: "1)", event: $0)
                }
                .disposed(by: disposeBag)
            outputs.append(console.lines)

            // 1
            relay.accept("1")
            // 2
            relay
                .subscribe {
                    print(label: "2)", event: $0)
                }
                .disposed(by: disposeBag)
            // 3
            relay.accept("2")
            outputs.append(console.lines)

            print(relay.value)
        }
        let header = ["", "--- Example of: BehaviorRelay ---", "1) New initial value"]
        #expect(outputs[0] == header)
        #expect(outputs[1] == header + ["1) 1", "2) 1", "1) 2", "2) 2"])
        #expect(console.lines == header + ["1) 1", "2) 1", "1) 2", "2) 2", "2"])
    }

    @Test("book behavior relay type can be spelled out")
    func bookBehaviorRelayTypeCanBeSpelledOut() {
        let relay = BehaviorRelay<String>(value: "Initial value")
        #expect(relay.value == "Initial value")
    }

    // MARK: - Behaviour

    @Test("subscribers get the current value then what is accepted")
    func subscribersGetTheCurrentValueThenWhatIsAccepted() {
        let relay = BehaviorRelay(value: 0)
        let early = EventLog<Int>()
        let late = EventLog<Int>()
        let first = relay.subscribe(early)
        relay.accept(1)
        relay.accept(2)
        let second = relay.asObservable().subscribe(late)
        relay.accept(3)
        first.dispose()
        relay.accept(4)
        #expect(early.events == [.next(0), .next(1), .next(2), .next(3)])
        #expect(late.events == [.next(2), .next(3), .next(4)])
        second.dispose()
    }

    @Test("value is the last accepted element")
    func valueIsTheLastAcceptedElement() {
        let relay = BehaviorRelay(value: [1])
        #expect(relay.value == [1])
        relay.accept(relay.value + [2])
        #expect(relay.value == [1, 2])
    }

    @Test("value can be read from another thread while accepting")
    func valueCanBeReadFromAnotherThreadWhileAccepting() {
        let relay = BehaviorRelay(value: 0)
        let count = 20_000
        let reads = Locked<[Int]>([])
        let group = DispatchGroup()
        group.enter()
        Thread {
            var seen: [Int] = []
            while seen.last != count {
                seen.append(relay.value)
            }
            reads.withLock { $0 = seen }
            group.leave()
        }.start()
        for value in 1...count {
            relay.accept(value)
        }
        group.wait()
        let seen = reads.withLock { $0 }
        #expect(zip(seen, seen.dropFirst()).allSatisfy { $0 <= $1 })
        #expect(seen.last == count)
    }
}
