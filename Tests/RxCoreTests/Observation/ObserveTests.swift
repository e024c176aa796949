import Foundation
import Observation
import RxCore
import RxTest
import TestSupport
import Testing

/// `rx.observe` on `@Observable` objects: the current value, changes read after a hop (and
/// coalesced), completion on deallocation, disposal, and changes from several threads.
///
/// Each test carries Observation's `@available` (macOS 14): Swift Testing refuses it on a suite.
@Suite("rx.observe", .resourceBalanced, .offPool)
struct ObserveTests {
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    typealias Profile = ObservedProfile

    /// An observable counter that several threads may change: the lock is held across the
    /// notification and the store, as the guide asks.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    final class SharedCounter: Observation.Observable, ReactiveCompatible, Sendable {
        private let registrar = ObservationRegistrar()
        private let stored = Locked(0)

        var value: Int {
            registrar.access(self, keyPath: \.value)
            return stored.withLock { $0 }
        }

        func increment() {
            stored.withLock { value in
                registrar.withMutation(of: self, keyPath: \.value) { value += 1 }
            }
        }
    }

    private static func elements<Element>(_ events: [Event<Element>]) -> [Element] {
        events.compactMap { if case .next(let element) = $0 { element } else { nil } }
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test("the current value arrives on subscribe, on the subscribing thread")
    func initialValue() {
        let profile = Profile()
        let scheduler = TestScheduler(initialClock: 0)
        var received: [String] = []
        let subscription = profile.rx.observe(\.name, on: scheduler).subscribe(onNext: { received.append($0) })
        #expect(received == ["Ada"])
        subscription.dispose()
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test("a change is read on the scheduler after it is stored; a burst before the read is one element")
    func changesAreReadOnTheSchedulerAndCoalesced() {
        let profile = Profile()
        let scheduler = TestScheduler(initialClock: 0)
        var received: [String] = []
        let subscription = profile.rx.observe(\.name, on: scheduler).subscribe(onNext: { received.append($0) })
        profile.name = "Grace"
        #expect(received == ["Ada"])  // nothing inline: the framework calls before the store
        scheduler.advanceTo(1)
        #expect(received == ["Ada", "Grace"])
        profile.name = "Barbara"
        profile.name = "Hedy"
        profile.name = "Radia"
        scheduler.advanceTo(2)
        #expect(received == ["Ada", "Grace", "Radia"])
        // Registered again after each read: the next change is seen too.
        profile.name = "Frances"
        scheduler.advanceTo(3)
        #expect(received == ["Ada", "Grace", "Radia", "Frances"])
        subscription.dispose()
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test("a change made by the observer itself is read once its emission returns")
    func reentrantChange() {
        let profile = Profile()
        let scheduler = TestScheduler(initialClock: 0)
        var received: [String] = []
        let subscription = profile.rx.observe(\.name, on: scheduler).subscribe(onNext: { name in
            received.append(name)
            if name == "Ada" { profile.name = "Ada Lovelace" }
        })
        #expect(received == ["Ada", "Ada Lovelace"])
        subscription.dispose()
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test("several key paths: one tuple now, one tuple for changes to both before the read")
    func severalKeyPaths() {
        let profile = Profile()
        let scheduler = TestScheduler(initialClock: 0)
        var received: [String] = []
        let subscription = profile.rx.observe(\.name, \.age, on: scheduler)
            .subscribe(onNext: { name, age in received.append("\(name) \(age)") })
        profile.name = "Grace"
        profile.age = 85
        scheduler.advanceTo(1)
        profile.age = 86
        scheduler.advanceTo(2)
        #expect(received == ["Ada 36", "Grace 85", "Grace 86"])
        subscription.dispose()
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test("the object is held weakly and the sequence completes when it is deallocated")
    func deallocationCompletes() {
        var profile: Profile? = Profile()
        let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "observe-dealloc")
        let events = EventLog<String>()
        let subscription = profile!.rx.observe(\.name, on: scheduler).subscribe(events)
        let gone = { [weak profile] in profile }
        profile = nil
        #expect(gone() == nil)
        #expect(pollUntil { events.events.count == 2 })
        #expect(events.events == [.next("Ada"), .completed])
        subscription.dispose()
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test("every subscription completes when the object is deallocated, not only one")
    func deallocationCompletesEverySubscription() {
        var profile: Profile? = Profile()
        let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "observe-dealloc-many")
        let logs = (0..<3).map { _ in EventLog<Int>() }
        let subscriptions = logs.map { profile!.rx.observe(\.age, on: scheduler).subscribe($0) }
        profile = nil
        #expect(pollUntil { logs.allSatisfy { $0.events.count == 2 } })
        #expect(logs.allSatisfy { $0.events == [.next(36), .completed] })
        subscriptions.forEach { $0.dispose() }
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test("subscribing after the object is gone completes at once")
    func subscribeAfterDeallocation() {
        var profile: Profile? = Profile()
        let source = profile!.rx.observe(\.name)
        profile = nil
        let events = EventLog<String>()
        _ = source.subscribe(events)
        #expect(events.events == [.completed])
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test("disposing stops the observation: no read and no element afterwards")
    func disposalStops() {
        let profile = Profile()
        let scheduler = TestScheduler(initialClock: 0)
        var received: [String] = []
        let subscription = profile.rx.observe(\.loudName, on: scheduler).subscribe(onNext: { received.append($0) })
        let readsBeforeDisposal = profile.loudNameReads
        profile.name = "Grace"  // queues a read on the scheduler
        subscription.dispose()
        scheduler.advanceTo(1)
        profile.name = "Hedy"
        scheduler.advanceTo(2)
        #expect(received == ["ADA"])
        #expect(profile.loudNameReads == readsBeforeDisposal)
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test("several threads changing the property: values only grow and the last one arrives")
    func severalThreads() {
        let counter = SharedCounter()
        let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "observe-threads")
        let events = EventLog<Int>()
        let subscription = counter.rx.observe(\.value, on: scheduler).subscribe(events)
        let threads = 4
        let increments = 250
        DispatchQueue.concurrentPerform(iterations: threads) { _ in
            for _ in 0..<increments {
                counter.increment()
            }
        }
        let total = threads * increments
        #expect(pollUntil { Self.elements(events.events).last == total })
        let values = Self.elements(events.events)
        #expect(values.first == 0)
        #expect(zip(values, values.dropFirst()).allSatisfy { $0 <= $1 })
        #expect(values.count <= total + 1)
        subscription.dispose()
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test("observeInfallible is the same sequence typed as unable to fail")
    func infallibleForm() {
        let profile = Profile()
        let scheduler = TestScheduler(initialClock: 0)
        var received: [String] = []
        let subscription = profile.rx.observeInfallible(\.name, on: scheduler).subscribe(onNext: { received.append($0) })
        profile.name = "Grace"
        scheduler.advanceTo(1)
        #expect(received == ["Ada", "Grace"])
        subscription.dispose()
    }
}
