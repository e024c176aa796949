import RxCore
import RxTest
import Testing

@Suite("error")
struct ErrorTests {
    @Test("fails during subscribe with the given error")
    func fails() {
        CreationSupport.expectNoLeaks {
            let result = CreationSupport.events(of: Observable<Int>.error(CreationSupport.Failure.boom))
            #expect(result.events == [.error(CreationSupport.Failure.boom)])
            #expect(result.events != [.error(CreationSupport.Failure.other)])
        }
    }

    @Test("on virtual time the error comes at the subscription time")
    func virtualTime() {
        CreationSupport.expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let res = scheduler.start { Observable<Int>.error(CreationSupport.Failure.boom) }
            #expect(res.events == [.error(200, CreationSupport.Failure.boom)])
        }
    }

    @Test("the error reaches onError, then onDisposed runs")
    func handlers() {
        CreationSupport.expectNoLeaks {
            var log: [String] = []
            _ = Observable<String>.error(CreationSupport.Failure.other).subscribe(
                onNext: { log.append("next \($0)") },
                onError: { log.append("error \($0)") },
                onCompleted: { log.append("completed") },
                onDisposed: { log.append("disposed") }
            )
            #expect(log == ["error other", "disposed"])
        }
    }
}
