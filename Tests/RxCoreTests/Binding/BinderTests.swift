import Foundation
import RxCore
import RxTest
import TestSupport
import Testing

@Suite("Binder", .resourceBalanced)
struct BinderTests {
    @Test("each element is applied to the target on the binder's scheduler")
    func appliesOnScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        let label = Label()
        let applied = Locked<[String]>([])
        let binder = Binder(label, scheduler: scheduler) { label, value in
            label.text = value
            applied.withLock { $0.append("\(scheduler.clock):\(value)") }
        }
        let xs = scheduler.createHotObservable([.next(210, "a"), .next(220, "b"), .completed(230)])
        scheduler.scheduleAt(200) { _ = xs.bind(to: binder) }
        scheduler.start()
        // The test scheduler runs work scheduled "now" one tick later: proof of the hop.
        #expect(applied.withLock { $0 } == ["211:a", "221:b"])
        #expect(label.text == "b")
    }

    @Test("with the current-thread scheduler the element is applied at once")
    func appliesImmediately() {
        let label = Label()
        let binder = Binder(label, scheduler: CurrentThreadScheduler.instance) { label, value in label.count = value }
        binder.onNext(3)
        #expect(label.count == 3)
        binder.on(.completed)
        binder.onNext(4)
        #expect(label.count == 4)
    }

    @Test("the binder holds its target weakly; elements after the target is gone are dropped")
    func weakTarget() {
        var label: Label? = Label()
        let weakLabel = { [weak label] in label }
        let calls = Locked(0)
        let binder = Binder(label!, scheduler: CurrentThreadScheduler.instance) { label, value in
            calls.withLock { $0 += 1 }
            label.count = value
        }
        binder.onNext(1)
        label = nil
        #expect(weakLabel() == nil)
        binder.onNext(2)
        #expect(calls.withLock { $0 } == 1)
    }

    @Test("asObserver forwards to the binder")
    func asObserver() {
        let label = Label()
        let observer = Binder(label, scheduler: CurrentThreadScheduler.instance) { label, value in label.text = value }
            .asObserver()
        observer.onNext("through AnyObserver")
        #expect(label.text == "through AnyObserver")
    }

    @Test("by default the binding runs on the main queue, from the main queue or another thread")
    @MainActor
    func defaultSchedulerOnMain() async {
        let label = Label()
        let binder = Binder(label) { label, value in
            MainScheduler.ensureExecutingOnScheduler()
            label.count = value
        }
        binder.onNext(1)
        // At once when no other main-scheduler work is queued (other tests may have some).
        for _ in 0..<2500 where label.count != 1 {
            try? await Task.sleep(milliseconds: 2)
        }
        #expect(label.count == 1)
        let box = SendableBox(binder)
        let fromBackground = Task.detached {
            box.value.onNext(2)
        }
        await fromBackground.value
        // Queued on the main queue: it runs once this main-actor test suspends.
        for _ in 0..<2500 where label.count != 2 {
            try? await Task.sleep(milliseconds: 2)
        }
        #expect(label.count == 2)
    }
}

@Suite("Reactive and ReactiveCompatible", .resourceBalanced)
struct ReactiveTests {
    @Test("a writable property is reachable as a binder through .rx, bound on the main queue")
    @MainActor
    func dynamicMemberBinder() async {
        let label = Label()
        let subscription = Observable.of("x", "y").bind(to: label.rx.text)
        let optional = Observable.of("maybe").bind(to: label.rx.optionalText)
        let count = Observable.of(7).bind(to: label.rx.count)
        // At once when no other main-scheduler work is queued; otherwise right after it.
        for _ in 0..<2500 where label.optionalText == nil || label.count != 7 {
            try? await Task.sleep(milliseconds: 2)
        }
        #expect(label.text == "y")
        #expect(label.optionalText == "maybe")
        #expect(label.count == 7)
        subscription.dispose()
        optional.dispose()
        count.dispose()
    }

    @Test("custom members declared on Reactive are reachable")
    func customMember() {
        let label = Label()
        let subscription = Observable.of("hi", "there").bind(to: label.rx.shouted)
        #expect(label.history == ["HI", "THERE"])
        #expect(Label.rx.kind == "label")
        subscription.dispose()
    }

    @Test("base is the wrapped value, and the setter of rx is accepted")
    func base() {
        var label = Label()
        let original = label
        #expect(label.rx.base === original)
        label.rx = Reactive(Label())
        #expect(label === original)
        #expect(Reactive(5).base == 5)
    }

    @Test("every NSObject subclass has .rx")
    func nsObject() {
        final class Model: NSObject {
            var title = ""
        }
        let model = Model()
        #expect(model.rx.base === model)
        #expect(Model.rx == Reactive<Model>.self)
    }
}
