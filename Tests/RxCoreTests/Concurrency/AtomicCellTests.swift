import Dispatch
import Testing

@testable import RxCore

/// The atomics that replaced `Synchronization.Atomic` where an inline one cannot go: a cell in
/// its own allocation, a plain value in raw memory, and the integer widths and `bitwiseOr` the
/// core's former `Atomic` uses needed.
@Suite("AtomicCell and RawAtomic: the atomics beside InlineAtomic", .offPool)
struct AtomicCellTests {
    @Test("a static cell keeps every addition from many threads")
    func cellAdditions() {
        let cell = AtomicCell<UInt64>(0)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<20_000 {
                cell.wrappingAdd(1, ordering: .relaxed)
            }
        }
        #expect(cell.load(ordering: .acquiring) == 160_000)
    }

    @Test("exactly one of many threads wins a cell's exchange")
    func cellOneWinner() {
        for _ in 0..<200 {
            let cell = AtomicCell(false)
            let winners = AtomicCell(0)
            DispatchQueue.concurrentPerform(iterations: 4) { _ in
                if !cell.exchange(true, ordering: .acquiringAndReleasing) {
                    winners.wrappingAdd(1, ordering: .relaxed)
                }
            }
            #expect(winners.load(ordering: .relaxed) == 1)
        }
    }

    @Test("a cell's compareExchange, store and the UInt and UInt32 widths")
    func cellOperations() {
        let owner = AtomicCell<UInt>(0)
        #expect(owner.compareExchange(expected: 0, desired: 7, ordering: .acquiring) == (true, 0))
        #expect(owner.compareExchange(expected: 0, desired: 9, ordering: .acquiring) == (false, 7))
        owner.store(UInt.max, ordering: .releasing)
        #expect(owner.load(ordering: .acquiring) == UInt.max)
        let site = AtomicCell<UInt32>(UInt32.max - 1)
        #expect(site.exchange(3, ordering: .relaxed) == UInt32.max - 1)
        #expect(site.load(ordering: .relaxed) == 3)
    }

    @Test("bitwiseOr sets bits and returns the value before, as SinkDisposer's flags need")
    func bitwiseOr() {
        final class Flags {
            @exclusivity(unchecked) var state = InlineAtomic(0)
        }
        let flags = Flags()
        #expect(InlineAtomic.bitwiseOr(&flags.state, 2, ordering: .acquiringAndReleasing) == 0)
        #expect(InlineAtomic.bitwiseOr(&flags.state, 1, ordering: .acquiringAndReleasing) == 2)
        #expect(InlineAtomic.bitwiseOr(&flags.state, 2, ordering: .acquiringAndReleasing) == 3)
        #expect(InlineAtomic.load(&flags.state, ordering: .relaxed) == 3)
    }

    @Test("RawAtomic reaches the fields of slots in raw memory without touching their neighbours")
    func rawSlots() {
        let count = 64
        let slots = UnsafeMutablePointer<RawSlot>.allocate(capacity: count)
        slots.initialize(repeating: RawSlot(), count: count)
        defer { slots.deallocate() }
        // The table's address as an integer, which the concurrent workers may share.
        let table = Int(bitPattern: slots)
        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            for index in stride(from: worker, to: count, by: 4) {
                RawAtomic.store(RawSlot.site(table, index), UInt32(index), ordering: .relaxed)
                RawAtomic.store(RawSlot.key(table, index), UInt64(index) &* 1_000, ordering: .releasing)
            }
        }
        for index in 0..<count {
            #expect(RawAtomic.load(RawSlot.key(table, index), ordering: .acquiring) == UInt64(index) &* 1_000)
            #expect(RawAtomic.load(RawSlot.site(table, index), ordering: .relaxed) == UInt32(index))
            #expect(slots[index].key == UInt64(index) &* 1_000 && slots[index].site == UInt32(index))
        }
        let counter = UnsafeMutablePointer<Int>.allocate(capacity: 1)
        counter.initialize(to: 0)
        defer { counter.deallocate() }
        let address = Int(bitPattern: counter)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            let shared = UnsafeMutablePointer<Int>(bitPattern: address)!
            for _ in 0..<10_000 {
                RawAtomic.wrappingAdd(shared, 1, ordering: .relaxed)
                RawAtomic.wrappingAdd(shared, -1, ordering: .relaxed)
                RawAtomic.wrappingAdd(shared, 1, ordering: .relaxed)
            }
        }
        #expect(RawAtomic.load(counter, ordering: .relaxed) == 80_000)
    }
}

/// A slot of a table in raw memory, as `StackSiteTable` keeps them: reached only through
/// ``RawAtomic`` at the addresses below.
private struct RawSlot {
    var key: UInt64 = 0
    var site: UInt32 = 0

    static let siteOffset = MemoryLayout<RawSlot>.offset(of: \RawSlot.site)!

    static func key(_ table: Int, _ index: Int) -> UnsafeMutablePointer<UInt64> {
        (UnsafeMutableRawPointer(bitPattern: table)! + index * MemoryLayout<RawSlot>.stride).assumingMemoryBound(to: UInt64.self)
    }

    static func site(_ table: Int, _ index: Int) -> UnsafeMutablePointer<UInt32> {
        (UnsafeMutableRawPointer(bitPattern: table)! + index * MemoryLayout<RawSlot>.stride + siteOffset)
            .assumingMemoryBound(to: UInt32.self)
    }
}
