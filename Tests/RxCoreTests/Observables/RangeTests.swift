import Foundation
import RxCore
import RxTest
import Testing

@Suite("range")
struct RangeTests {
    @Test("emits count consecutive numbers from start, then completes")
    func basic() {
        CreationSupport.expectNoLeaks {
            let result = CreationSupport.events(of: Observable<Int>.range(start: -1, count: 4))
            #expect(result.events == [.next(-1), .next(0), .next(1), .next(2), .completed])
        }
    }

    @Test("a count of zero only completes")
    func zeroCount() {
        CreationSupport.expectNoLeaks {
            let result = CreationSupport.events(of: Observable<Int>.range(start: 7, count: 0))
            #expect(result.events == [.completed])
            let unsigned = CreationSupport.events(of: Observable<UInt>.range(start: 0, count: 0))
            #expect(unsigned.events == [.completed])
        }
    }

    @Test("a range that ends exactly at the type's maximum is allowed")
    func endsAtMaximum() {
        CreationSupport.expectNoLeaks {
            let result = CreationSupport.events(of: Observable<UInt8>.range(start: 253, count: 3))
            #expect(result.events == [.next(253), .next(254), .next(255), .completed])
            let signed = CreationSupport.events(of: Observable<Int8>.range(start: 126, count: 2))
            #expect(signed.events == [.next(126), .next(127), .completed])
        }
    }

    @Test("one number at Int.max, on a test scheduler")
    func singleAtIntMax() {
        CreationSupport.expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let res = scheduler.start { Observable<Int>.range(start: .max, count: 1, scheduler: scheduler) }
            #expect(res.events == [.next(201, .max), .completed(202)])
        }
    }

    @Test("on a test scheduler each number and the completion take one tick")
    func virtualTime() {
        CreationSupport.expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let res = scheduler.start { Observable<Int>.range(start: 5, count: 3, scheduler: scheduler) }
            #expect(res.events == [.next(201, 5), .next(202, 6), .next(203, 7), .completed(204)])
        }
    }

    @Test("disposed part way, the rest is not sent")
    func virtualTimeDisposed() {
        CreationSupport.expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let res = scheduler.start(disposed: 204) { Observable<Int64>.range(start: 0, count: 100, scheduler: scheduler) }
            #expect(res.events == [.next(201, 0), .next(202, 1), .next(203, 2)])
        }
    }

    // Exit tests came with Swift 6.2; the package declares 6.1.
    #if compiler(>=6.2)
    @Test("a negative count stops the program")
    func negativeCount() async {
        await #expect(processExitsWith: .failure) {
            _ = Observable<Int>.range(start: 0, count: -1)
        }
    }

    @Test("a range past the type's maximum stops the program")
    func overflow() async {
        await #expect(processExitsWith: .failure) {
            _ = Observable<UInt8>.range(start: 254, count: 3)
        }
        await #expect(processExitsWith: .failure) {
            _ = Observable<Int>.range(start: Int.max, count: 2)
        }
    }
    #endif

    @Test("book chapter 2: range")
    func bookRange() {
        CreationSupport.expectNoLeaks {
            let console = CreationSupport.Console()
            func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
                console.write(items, separator: separator, terminator: terminator)
            }
            func example(of description: String, action: () -> Void) {
                console.example(of: description, action: action)
            }

            example(of: "range") {
                let observable = Observable<Int>.range(start: 1, count: 10)

                _ =
                    observable
                    .subscribe(onNext: { i in
                        let n = Double(i)

                        let fibonacci = Int(
                            ((pow(1.61803, n) - pow(0.61803, n)) / 2.23606).rounded()
                        )

                        print(fibonacci)
                    })
            }
            // The book shows no output. Its formula subtracts 0.61803^n instead of adding
            // (-0.61803)^n, so for n = 1 it computes 0.447, which rounds to 0, not 1.
            #expect(
                console.text == """

                    --- Example of: range ---
                    0
                    1
                    2
                    3
                    5
                    8
                    13
                    21
                    34
                    55

                    """)
        }
    }
}
