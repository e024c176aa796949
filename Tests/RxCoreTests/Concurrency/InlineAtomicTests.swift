import Dispatch
import Testing

@testable import RxCore

/// An object with inline atomics, as the core's classes keep them.
// @unchecked: every stored property is an inline atomic, touched only through its operations.
private final class Counters: @unchecked Sendable {
    @exclusivity(unchecked) private var flag = InlineAtomic(false)
    @exclusivity(unchecked) private var count = InlineAtomic(0)
    @exclusivity(unchecked) private var total = InlineAtomic(UInt64(0))

    func claim() -> Bool {
        !InlineAtomic.exchange(&flag, true, ordering: .acquiringAndReleasing)
    }

    func add() {
        _ = InlineAtomic.wrappingAdd(&count, 1, ordering: .relaxed)
        _ = InlineAtomic.wrappingAdd(&total, 2, ordering: .relaxed)
    }

    var counts: (Int, UInt64) {
        (InlineAtomic.load(&count, ordering: .acquiring), InlineAtomic.load(&total, ordering: .acquiring))
    }

    /// How far into the object `&flag` points: the property's own storage is a few words past
    /// the object's header, where a temporary copy would be on the stack.
    var flagOffset: Int {
        Self.address(of: &flag) - Int(bitPattern: Unmanaged.passUnretained(self).toOpaque())
    }

    private static func address(of atomic: UnsafeMutablePointer<InlineAtomic<Bool>>) -> Int {
        Int(bitPattern: atomic)
    }
}

@Suite("InlineAtomic: atomics kept in an object's own stored properties", .offPool)
struct InlineAtomicTests {
    @Test("additions from many threads are all kept")
    func concurrentAdditions() {
        let counters = Counters()
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<20_000 {
                counters.add()
            }
        }
        #expect(counters.counts == (160_000, 320_000))
    }

    @Test("exactly one of many threads wins the exchange")
    func oneWinner() {
        for _ in 0..<200 {
            let counters = Counters()
            let winners = LockedValue(0)
            DispatchQueue.concurrentPerform(iterations: 4) { _ in
                if counters.claim() {
                    winners.withLock { $0 += 1 }
                }
            }
            #expect(winners.withLock { $0 } == 1)
        }
    }

    @Test("compareExchange replaces only the expected value and reports what it found")
    func compareExchange() {
        final class Box {
            @exclusivity(unchecked) var value = InlineAtomic(5)
        }
        let box = Box()
        let missed = InlineAtomic.compareExchange(&box.value, expected: 4, desired: 9, ordering: .acquiringAndReleasing)
        #expect(missed == (false, 5))
        let hit = InlineAtomic.compareExchange(&box.value, expected: 5, desired: 9, ordering: .acquiringAndReleasing)
        #expect(hit == (true, 5))
        #expect(InlineAtomic.load(&box.value, ordering: .relaxed) == 9)
    }

    @Test("the address passed is the property's storage inside the object, not a copy")
    func addressIsInsideTheObject() {
        let counters = Counters()
        // The first stored property of a root class follows the two-word header.
        #expect(counters.flagOffset == 2 * MemoryLayout<Int>.size)
    }
}
