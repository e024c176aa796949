#if !canImport(Darwin)
import Foundation
import Observation
import RxCore
import RxTest
import Testing
import TestSupport

/// `rx.observe` without a scheduler: each new value on the thread that changed the property,
/// right after the store, one element per change, serialized across threads.
@Suite("rx.observe on the changing thread", .resourceBalanced, .offPool)
struct ObserveOnChangingThreadTests {
    typealias Profile = ObservedProfile

    /// A counter several threads may change: the lock guards the store only, so the
    /// after-the-store notification runs unlocked and may read the value.
    final class SharedCounter: Observation.Observable, ReactiveCompatible, Sendable {
        private let registrar = ObservationRegistrar()
        private let stored = Locked(0)

        var value: Int {
            registrar.access(self, keyPath: \.value)
            return stored.withLock { $0 }
        }

        func increment() {
            registrar.withMutation(of: self, keyPath: \.value) {
                stored.withLock { $0 += 1 }
            }
        }
    }

    /// Records elements with the thread that delivered each one.
    final class ThreadLog<Element: Sendable>: Sendable {
        private let entries = Locked<[(Element, ObjectIdentifier)]>([])

        func append(_ element: Element) {
            let thread = ObjectIdentifier(Thread.current)
            entries.withLock { $0.append((element, thread)) }
        }

        var elements: [Element] { entries.withLock { $0.map(\.0) } }
        var threads: [ObjectIdentifier] { entries.withLock { $0.map(\.1) } }
    }

    @Test("the current value on subscribe, then each change before the assignment returns")
    func changesArriveSynchronously() {
        let profile = Profile()
        var received: [String] = []
        let subscription = profile.rx.observe(\.name).subscribe(onNext: { received.append($0) })
        #expect(received == ["Ada"])
        profile.name = "Grace"
        #expect(received == ["Ada", "Grace"])
        profile.name = "Hedy"
        profile.name = "Radia"
        #expect(received == ["Ada", "Grace", "Hedy", "Radia"])
        subscription.dispose()
    }

    @Test("a change is emitted on the thread that made it")
    func emittedOnChangingThread() {
        let counter = SharedCounter()
        let log = ThreadLog<Int>()
        let subscription = counter.rx.observe(\.value).subscribe(onNext: { log.append($0) })
        let changer = Thread {
            counter.increment()
        }
        let changerID = ObjectIdentifier(changer)
        changer.start()
        #expect(pollUntil { log.elements.count == 2 })
        #expect(log.elements == [0, 1])
        #expect(log.threads.first == ObjectIdentifier(Thread.current))
        #expect(log.threads.last == changerID)
        subscription.dispose()
    }

    @Test("a change made by the observer itself is emitted after its onNext returns, in order")
    func reentrantChange() {
        let profile = Profile()
        var received: [String] = []
        var depth = 0
        var deepest = 0
        let subscription = profile.rx.observe(\.name).subscribe(onNext: { name in
            depth += 1
            deepest = max(deepest, depth)
            received.append(name)
            if name == "Grace" { profile.name = "Hedy" }
            depth -= 1
        })
        profile.name = "Grace"
        #expect(received == ["Ada", "Grace", "Hedy"])
        #expect(deepest == 1)
        subscription.dispose()
    }

    @Test("several key paths: one tuple now, then one per change of any of them")
    func severalKeyPaths() {
        let profile = Profile()
        var received: [String] = []
        let subscription = profile.rx.observe(\.name, \.age)
            .subscribe(onNext: { name, age in received.append("\(name) \(age)") })
        profile.name = "Grace"
        profile.age = 37
        #expect(received == ["Ada 36", "Grace 36", "Grace 37"])
        subscription.dispose()
    }

    @Test("disposing stops the observation: no read and no element afterwards")
    func disposalStops() {
        let profile = Profile()
        var received: [String] = []
        let subscription = profile.rx.observe(\.loudName).subscribe(onNext: { received.append($0) })
        profile.name = "Grace"
        let readsBeforeDisposal = profile.loudNameReads
        subscription.dispose()
        profile.name = "Hedy"
        profile.name = "Radia"
        #expect(received == ["ADA", "GRACE"])
        #expect(profile.loudNameReads == readsBeforeDisposal)
    }

    @Test("disposing before any change, then changing: nothing arrives")
    func disposalBeforeFirstChange() {
        let profile = Profile()
        var received: [String] = []
        let subscription = profile.rx.observe(\.name).subscribe(onNext: { received.append($0) })
        subscription.dispose()
        profile.name = "Grace"
        profile.name = "Hedy"
        #expect(received == ["Ada"])
    }

    @Test("the object is held weakly and the sequence completes when it is deallocated")
    func deallocationCompletes() {
        var profile: Profile? = Profile()
        let events = EventLog<String>()
        let subscription = profile!.rx.observe(\.name).subscribe(events)
        profile!.name = "Grace"
        let gone = { [weak profile] in profile }
        profile = nil
        #expect(gone() == nil)
        #expect(pollUntil { events.events.count == 3 })
        #expect(events.events == [.next("Ada"), .next("Grace"), .completed])
        subscription.dispose()
    }

    @Test("a subscription disposed before the object goes does not complete")
    func disposedThenDeallocated() async {
        var profile: Profile? = Profile()
        let events = EventLog<String>()
        let subscription = profile!.rx.observe(\.name).subscribe(events)
        subscription.dispose()
        profile = nil
        // Nothing may arrive: give a late completion time to show up, without holding a thread.
        try? await Task.sleep(milliseconds: 50)
        #expect(events.events == [.next("Ada")])
    }

    @Test("several threads changing the property: emissions never overlap, values only grow, the last arrives")
    func severalThreads() {
        let counter = SharedCounter()
        let inside = Locked(0)
        let overlapped = Locked(false)
        let log = ThreadLog<Int>()
        let subscription = counter.rx.observe(\.value).subscribe(onNext: { value in
            let concurrent = inside.withLock { count -> Bool in
                count += 1
                return count > 1
            }
            if concurrent { overlapped.withLock { $0 = true } }
            log.append(value)
            inside.withLock { $0 -= 1 }
        })
        let threads = 4
        let increments = 250
        DispatchQueue.concurrentPerform(iterations: threads) { _ in
            for _ in 0..<increments {
                counter.increment()
            }
        }
        let total = threads * increments
        // Every emission ran inside some `increment()`, so all have arrived by now.
        let values = log.elements
        #expect(values.first == 0)
        #expect(values.last == total)
        #expect(zip(values, values.dropFirst()).allSatisfy { $0 <= $1 })
        #expect(values.count <= total + 1)
        #expect(overlapped.withLock { $0 } == false)
        subscription.dispose()
    }

    @Test("observeInfallible without a scheduler emits on the changing thread too")
    func infallibleForm() {
        let profile = Profile()
        var received: [String] = []
        let subscription = profile.rx.observeInfallible(\.name).subscribe(onNext: { received.append($0) })
        profile.name = "Grace"
        #expect(received == ["Ada", "Grace"])
        subscription.dispose()
    }
}
#endif
