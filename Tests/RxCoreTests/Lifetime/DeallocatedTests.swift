import Foundation
import RxCore
import RxTest
import Testing

/// `rx.deallocated` of a ``DeallocationReporting`` class: one `()` and completion when the
/// object goes, nothing kept alive, and removal on disposal.
@Suite("rx.deallocated", .resourceBalanced)
struct DeallocatedTests {
    final class Screen: ReactiveCompatible, DeallocationReporting {
        let deallocationSignal = DeallocationSignal()
        var title = "Home"
    }

    @Test("emits () and completes when the object is deallocated, and does not keep it alive")
    func emitsOnDeallocation() {
        var screen: Screen? = Screen()
        let events = EventLog<String>()
        let deallocated = screen!.rx.deallocated
        let subscription = deallocated.map { "gone" }.subscribe(events)
        #expect(events.events.isEmpty)
        let released = { [weak screen] in screen }
        screen = nil
        #expect(released() == nil)
        #expect(events.events == [.next("gone"), .completed])
        subscription.dispose()
    }

    @Test("every subscriber is told, in the order they subscribed")
    func everySubscriber() {
        var screen: Screen? = Screen()
        let journal = Journal()
        let first = screen!.rx.deallocated.subscribe(onNext: { journal.record("first") })
        let second = screen!.rx.deallocated.subscribe(onNext: { journal.record("second") })
        screen = nil
        #expect(journal.entries == ["first", "second"])
        first.dispose()
        second.dispose()
    }

    @Test("a subscription disposed before the object goes receives nothing")
    func disposedEarly() {
        var screen: Screen? = Screen()
        let events = EventLog<String>()
        let subscription = screen!.rx.deallocated.map { "gone" }.subscribe(events)
        subscription.dispose()
        screen = nil
        #expect(events.events.isEmpty)
    }

    @Test("subscribing after the object is gone emits () and completes at once")
    func subscribeAfterDeallocation() {
        var screen: Screen? = Screen()
        let deallocated = screen!.rx.deallocated
        screen = nil
        let events = EventLog<String>()
        _ = deallocated.map { "gone" }.subscribe(events)
        #expect(events.events == [.next("gone"), .completed])
    }

    @Test("the binder members of rx still reach the class's properties")
    func bindersStillWork() {
        let screen = Screen()
        let binder: Binder<String> = screen.rx.title
        _ = binder
        #expect(screen.title == "Home")
    }
}
