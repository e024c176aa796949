import Foundation
import RxCore
import RxTest
import TestSupport
import Testing

/// The per-thread shards behind the live counts: a resource created on one thread and freed on
/// another, and threads that exit (handing their shard to the next thread), keep the sums exact.
@Suite(.serialized, .resourceBalanced, .enabled(if: Resources.isEnabled, "needs the TraceResources trait"))
struct ResourceCountShardsTests {
    /// Makes `count` disposables on a new thread, which exits before this returns.
    private func makeOnExitingThread(_ count: Int) async -> [BooleanDisposable] {
        await withCheckedContinuation { continuation in
            let thread = Thread {
                continuation.resume(returning: (0..<count).map { _ in BooleanDisposable() })
            }
            thread.start()
        }
    }

    @Test("counts stay exact across threads that create free and exit", hangTimeLimit(minutes: 10))
    func countsStayExactAcrossThreadsThatCreateFreeAndExit() async {
        let before = Resources.snapshot()
        var held: [[BooleanDisposable]] = []
        for round in 1...8 {
            held.append(await makeOnExitingThread(round))
            #expect(Resources.snapshot().difference(from: before)["BooleanDisposable"] == round * (round + 1) / 2)
        }
        #expect(Int(Resources.total) - before.total == 36)
        // Freed here, on another thread than their creators' (which have exited).
        held.removeAll()
        #expect(Resources.snapshot().difference(from: before)["BooleanDisposable"] == nil)
        #expect(Int(Resources.total) == before.total)
        // New threads reuse the shards of exited ones; the counts stay balanced.
        let again = await makeOnExitingThread(5)
        #expect(Int(Resources.total) - before.total == 5)
        _ = again
    }
}
