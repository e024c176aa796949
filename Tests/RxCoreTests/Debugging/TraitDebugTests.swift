import Foundation
import RxTest
import Testing

@testable import RxCore

/// `debug` on the traits, in the serialized ``DebugTests`` suite: the debug writer is global.
extension ProbeTests.DebugTests {
    /// Routes the debug lines, without their timestamps, into `journal` while `body` runs.
    private static func captureTraitLines(into journal: Journal, _ body: () -> Void) {
        DebugOutput.setWriter { line in
            // `yyyy-MM-dd HH:mm:ss.SSS: ` is 25 characters.
            journal.record(String(line.dropFirst(25)))
        }
        defer { DebugOutput.setWriter(nil) }
        body()
    }

    @Test("Single.debug prints the events it is made of and keeps the trait")
    func singleDebug() {
        let journal = Journal()
        Self.captureTraitLines(into: journal) {
            let single: Single<Int> = Single.just(1).debug("answer")
            _ = single.subscribe(onSuccess: { journal.record("success \($0)") })
        }
        #expect(
            journal.entries == [
                "answer -> subscribed",
                "answer -> Event next(1)",
                "success 1",
                "answer -> Event completed",
                "answer -> isDisposed",
            ])
    }

    @Test("Completable and Maybe debug; the default identifier names the call site")
    func completableAndMaybeDebug() {
        let journal = Journal()
        Self.captureTraitLines(into: journal) {
            let done: Completable = Completable.error(testError).debug("save")
            _ = done.subscribe(onError: { _ in journal.record("failed") })
            let nothing: Maybe<Int> = Maybe<Int>.empty().debug()
            _ = nothing.subscribe(onCompleted: { journal.record("empty") })
        }
        let entries = journal.entries
        #expect(
            Array(entries.prefix(4)) == [
                "save -> subscribed",
                "save -> Event error(TestError(1))",
                "failed",
                "save -> isDisposed",
            ])
        #expect(entries.count == 8)
        #expect(entries[4].hasPrefix("TraitDebugTests.swift:"))
        #expect(entries[4].hasSuffix("-> subscribed"))
        #expect(entries[6] == "empty")
    }

    @Test("Infallible and Driver debug pass the events through")
    func infallibleAndDriverDebug() {
        let journal = Journal()
        let scheduler = TestScheduler(initialClock: 0)
        Self.captureTraitLines(into: journal) {
            _ = Infallible.of(1, 2).debug("numbers").subscribe(onNext: { journal.record("got \($0)") })
            SharingScheduler.mock(scheduler: scheduler) {
                _ = Driver.just(3).debug("driver").drive(onNext: { journal.record("drove \($0)") })
                scheduler.start()
            }
        }
        #expect(
            journal.entries == [
                "numbers -> subscribed",
                "numbers -> Event next(1)",
                "got 1",
                "numbers -> Event next(2)",
                "got 2",
                "numbers -> Event completed",
                "numbers -> isDisposed",
                "driver -> subscribed",
                "driver -> Event next(3)",
                "drove 3",
                "driver -> Event completed",
                "driver -> isDisposed",
            ])
    }
}
