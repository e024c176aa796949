import Testing

@testable import RxCore

extension SchedulerTests {
    @Suite struct ImmediateSchedulerTests {
        @Test("runs the action at once and returns its disposable")
        func runsTheActionAtOnceAndReturnsItsDisposable() {
            let baseline = ResourceBaseline()
            do {
                var steps: [String] = []
                let returned = BooleanDisposable()
                let disposable = ImmediateScheduler.instance.schedule(5) { value in
                    steps.append("outer \(value)")
                    _ = ImmediateScheduler.instance.schedule(6) { value in
                        steps.append("inner \(value)")
                        return Disposables.create()
                    }
                    steps.append("outer end")
                    return returned
                }
                steps.append("returned")
                #expect(steps == ["outer 5", "inner 6", "outer end", "returned"])
                #expect(!returned.isDisposed)
                disposable.dispose()
                #expect(returned.isDisposed)
            }
            baseline.expectBalanced()
        }
    }
}
