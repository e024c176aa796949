import Testing

@testable import RxCore

/// Every ordering of every word operation (each is its own `Builtin` call, so a misspelt case
/// would show only in that case), and that an operation on a word leaves its neighbours alone.
@Suite("InlineAtomicWord: the Builtin atomics of each width and ordering")
struct InlineAtomicWordTests {
    static let loads: [InlineAtomicLoadOrdering] = [.relaxed, .acquiring, .sequentiallyConsistent]
    static let stores: [InlineAtomicStoreOrdering] = [.relaxed, .releasing, .sequentiallyConsistent]
    static let updates: [InlineAtomicUpdateOrdering] = [
        .relaxed, .acquiring, .releasing, .acquiringAndReleasing, .sequentiallyConsistent,
    ]

    @Test("UInt8: load, store, exchange and compare-exchange in every ordering", arguments: updates)
    func byte(_ ordering: InlineAtomicUpdateOrdering) {
        checkWord(UInt8.self, first: 0x5A, second: 0xA5, ordering: ordering)
    }

    @Test("UInt32: every operation in every ordering", arguments: updates)
    func word32(_ ordering: InlineAtomicUpdateOrdering) {
        checkWord(UInt32.self, first: 0x1234_5678, second: 0xFEDC_BA98, ordering: ordering)
        checkArithmetic(UInt32.self, ordering: ordering)
    }

    @Test("UInt64: every operation in every ordering", arguments: updates)
    func word64(_ ordering: InlineAtomicUpdateOrdering) {
        checkWord(UInt64.self, first: 0x0123_4567_89AB_CDEF, second: 0xFEDC_BA98_7654_3210, ordering: ordering)
        checkArithmetic(UInt64.self, ordering: ordering)
    }

    @Test("Bool is kept as its byte, 0 or 1, and Int and UInt keep every bit")
    func values() {
        final class Box {
            @exclusivity(unchecked) var flag = InlineAtomic(false)
            @exclusivity(unchecked) var signed = InlineAtomic(0)
            @exclusivity(unchecked) var unsigned = InlineAtomic(UInt(0))
        }
        let box = Box()
        InlineAtomic.store(&box.flag, true, ordering: .releasing)
        #expect(withUnsafeBytes(of: &box.flag) { $0.first } == 1)
        #expect(InlineAtomic.compareExchange(&box.flag, expected: true, desired: false, ordering: .relaxed) == (true, true))
        #expect(withUnsafeBytes(of: &box.flag) { $0.first } == 0)
        #expect(InlineAtomic.exchange(&box.flag, true, ordering: .sequentiallyConsistent) == false)
        #expect(InlineAtomic.load(&box.flag, ordering: .acquiring))
        InlineAtomic.store(&box.signed, Int.min, ordering: .relaxed)
        #expect(InlineAtomic.wrappingAdd(&box.signed, -1, ordering: .relaxed) == Int.min)
        #expect(InlineAtomic.load(&box.signed, ordering: .relaxed) == Int.max)
        #expect(InlineAtomic.bitwiseOr(&box.signed, -1, ordering: .releasing) == Int.max)
        #expect(InlineAtomic.load(&box.signed, ordering: .sequentiallyConsistent) == -1)
        #expect(InlineAtomic.exchange(&box.unsigned, UInt.max, ordering: .acquiring) == 0)
        #expect(InlineAtomic.load(&box.unsigned, ordering: .relaxed) == UInt.max)
    }

    /// Runs the four plain operations on the middle word of three, in `ordering` and in the load
    /// and store orderings, and checks the outer two are untouched.
    private func checkWord<Word: InlineAtomicWord & FixedWidthInteger>(
        _: Word.Type,
        first: Word,
        second: Word,
        ordering: InlineAtomicUpdateOrdering
    ) {
        withWords(Word.self) { middle, neighbours in
            for load in Self.loads {
                for store in Self.stores {
                    Word.atomicStore(first, at: middle, ordering: store)
                    #expect(Word.atomicLoad(at: middle, ordering: load) == first)
                    Word.atomicStore(second, at: middle, ordering: store)
                    #expect(Word.atomicLoad(at: middle, ordering: load) == second)
                }
            }
            #expect(Word.atomicExchange(first, at: middle, ordering: ordering) == second)
            #expect(Word.atomicLoad(at: middle, ordering: .relaxed) == first)
            #expect(Word.atomicCompareExchange(expected: second, desired: 0, at: middle, ordering: ordering) == (false, first))
            #expect(Word.atomicLoad(at: middle, ordering: .relaxed) == first)
            #expect(Word.atomicCompareExchange(expected: first, desired: second, at: middle, ordering: ordering) == (true, first))
            #expect(Word.atomicLoad(at: middle, ordering: .relaxed) == second)
            #expect(neighbours())
        }
    }

    /// Wrapping addition and bit setting on the middle word of three.
    private func checkArithmetic<Word: InlineAtomicIntegerWord & FixedWidthInteger>(_: Word.Type, ordering: InlineAtomicUpdateOrdering) {
        withWords(Word.self) { middle, neighbours in
            Word.atomicStore(Word.max - 1, at: middle, ordering: .relaxed)
            #expect(Word.atomicWrappingAdd(3, at: middle, ordering: ordering) == Word.max - 1)
            #expect(Word.atomicLoad(at: middle, ordering: .relaxed) == 1)
            #expect(Word.atomicBitwiseOr(0b110, at: middle, ordering: ordering) == 1)
            #expect(Word.atomicBitwiseOr(0b1000, at: middle, ordering: ordering) == 0b111)
            #expect(Word.atomicLoad(at: middle, ordering: .relaxed) == 0b1111)
            #expect(neighbours())
        }
    }

    /// Three words filled with a pattern; `body` gets the middle one's address and a check that
    /// the outer two still hold the pattern.
    private func withWords<Word: FixedWidthInteger>(
        _: Word.Type,
        _ body: (UnsafeMutableRawPointer, () -> Bool) -> Void
    ) {
        let words = UnsafeMutablePointer<Word>.allocate(capacity: 3)
        defer { words.deallocate() }
        let pattern = Word(truncatingIfNeeded: 0xC3C3_C3C3_C3C3_C3C3 as UInt64)
        words.initialize(repeating: pattern, count: 3)
        body(UnsafeMutableRawPointer(words + 1)) { words[0] == pattern && words[2] == pattern }
    }
}
