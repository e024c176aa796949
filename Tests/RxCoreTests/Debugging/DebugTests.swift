import Foundation
import RxTest
import TestSupport
import Testing

@testable import RxCore

extension ProbeTests {
    /// `debug()` writes through one global writer, so the suite runs its tests one at a time and
    /// each test reads back only its own lines (by identifier).
    @Suite("debug", .serialized, .resourceBalanced, .offPool)
    struct DebugTests {
        /// Routes the debug lines into `journal` while `body` runs; the subscriber's own output
        /// goes to the same journal, so their interleaving is checked too.
        private static func capture(into journal: Journal, clock: DebugOutput.Clock? = nil, _ body: () throws -> Void) rethrows {
            DebugOutput.setWriter { journal.record($0) }
            DebugOutput.setClock(clock)
            defer {
                DebugOutput.setWriter(nil)
                DebugOutput.setClock(nil)
            }
            try body()
        }

        /// Whether `text` is a timestamp shaped `yyyy-MM-dd HH:mm:ss.SSS` (digits where the
        /// pattern has letters, the separators where it has them).
        private static func isTimestamp(_ text: Substring) -> Bool {
            let pattern = "dddd-dd-dd dd:dd:dd.ddd"
            guard text.count == pattern.count else { return false }
            return zip(pattern, text).allSatisfy { expected, actual in
                expected == "d" ? actual.isASCII && actual.isNumber : expected == actual
            }
        }

        /// The journal with the timestamps of the debug lines removed; records an issue for a
        /// line that has a malformed one.
        private static func withoutTimestamps(_ entries: [String], sourceLocation: SourceLocation = #_sourceLocation) -> [String] {
            entries.map { entry in
                guard entry.contains(" -> ") else { return entry }
                let stamp = entry.prefix(23)
                guard isTimestamp(stamp), entry.dropFirst(23).hasPrefix(": ") else {
                    Issue.record("debug line without a well-formed timestamp: \(entry)", sourceLocation: sourceLocation)
                    return entry
                }
                return String(entry.dropFirst(25))
            }
        }

        /// The format `debug()` must reproduce, made the slow way.
        private static func referenceFormat(_ date: Date) -> String {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.calendar = Calendar(identifier: .gregorian)
            formatter.timeZone = TimeZone.current
            formatter.dateFormat = "yyyy-MM-dd HH:mm:ss.SSS"
            return formatter.string(from: date)
        }

        // MARK: The reference documents' examples

        @Test("the 'From Debug' example: each event's line comes before the subscriber sees it")
        func fromDebugExample() {
            let journal = Journal()
            Self.capture(into: journal) {
                let fromObservable = Observable.from([1, 2, 3, 4, 5])
                _ =
                    fromObservable
                    .debug("From Debug")
                    .subscribe { event in
                        journal.record("\(event)")
                    }
            }
            #expect(
                Self.withoutTimestamps(journal.entries) == [
                    "From Debug -> subscribed",
                    "From Debug -> Event next(1)",
                    "next(1)",
                    "From Debug -> Event next(2)",
                    "next(2)",
                    "From Debug -> Event next(3)",
                    "next(3)",
                    "From Debug -> Event next(4)",
                    "next(4)",
                    "From Debug -> Event next(5)",
                    "next(5)",
                    "From Debug -> Event completed",
                    "completed",
                    "From Debug -> isDisposed",
                ])
        }

        /// The guide's `myInterval`, on a test scheduler instead of a dispatch timer, printing
        /// into the journal.
        private static func myInterval(_ interval: RxTimeInterval, scheduler: TestScheduler, journal: Journal) -> Observable<Int> {
            Observable.create { observer in
                journal.record("Subscribed")
                let timer = scheduler.schedulePeriodic(0, startAfter: interval, period: interval) { next in
                    observer.onNext(next)
                    return next + 1
                }
                return Disposables.create {
                    journal.record("Disposed")
                    timer.dispose()
                }
            }
        }

        @Test("the guide's 'my probe' example: an interval probed, then disposed")
        func myProbeExample() {
            let journal = Journal()
            let scheduler = TestScheduler(initialClock: 0)
            Self.capture(into: journal) {
                var subscription: Disposable?
                scheduler.scheduleAt(0) {
                    subscription = Self.myInterval(.seconds(100), scheduler: scheduler, journal: journal)
                        .debug("my probe")
                        .subscribe(onNext: { n in journal.record("This is simply \(n)") })
                }
                // The guide disposes after 0.5 s of a 100 ms interval: five elements.
                scheduler.scheduleAt(550) { subscription?.dispose() }
                scheduler.start()
            }
            #expect(
                Self.withoutTimestamps(journal.entries) == [
                    "my probe -> subscribed",
                    "Subscribed",
                    "my probe -> Event next(0)",
                    "This is simply 0",
                    "my probe -> Event next(1)",
                    "This is simply 1",
                    "my probe -> Event next(2)",
                    "This is simply 2",
                    "my probe -> Event next(3)",
                    "This is simply 3",
                    "my probe -> Event next(4)",
                    "This is simply 4",
                    "my probe -> isDisposed",
                    "Disposed",
                ])
        }

        @Test("the guide's hand-written myDebug operator, built with create")
        func handWrittenDebugExample() {
            let journal = Journal()
            let scheduler = TestScheduler(initialClock: 0)
            var subscription: Disposable?
            scheduler.scheduleAt(0) {
                subscription = Self.myInterval(.seconds(100), scheduler: scheduler, journal: journal)
                    .myDebug(identifier: "my probe", journal: journal)
                    .subscribe(onNext: { n in journal.record("This is simply \(n)") })
            }
            scheduler.scheduleAt(250) { subscription?.dispose() }
            scheduler.start()
            #expect(
                journal.entries == [
                    "subscribed my probe",
                    "Subscribed",
                    "event my probe next(0)",
                    "This is simply 0",
                    "event my probe next(1)",
                    "This is simply 1",
                    "disposing my probe",
                    "Disposed",
                ])
        }

        // MARK: The line format

        @Test("with a fixed clock the lines are exact, the time in local time to the millisecond")
        func fixedClock() {
            let journal = Journal()
            // 2017-06-30 20:24:46.078 UTC, then 46.0996 (rounds up to .100) and 46.9996 (rounds up
            // to the next second).
            let instants = [
                DebugTimestamp(seconds: 1_498_854_286, microseconds: 78_000),
                DebugTimestamp(seconds: 1_498_854_286, microseconds: 99_600),
                DebugTimestamp(seconds: 1_498_854_286, microseconds: 999_600),
            ]
            let next = Locked(0)
            let clock: DebugOutput.Clock = {
                next.withLock { index in
                    defer { index = min(index + 1, 2) }
                    return instants[index]
                }
            }
            Self.capture(into: journal, clock: clock) {
                _ = Observable.just("a").debug("clocked").subscribe()
            }
            let stamps = [1_498_854_286.078, 1_498_854_286.1, 1_498_854_287.0].map {
                Self.referenceFormat(Date(timeIntervalSince1970: $0))
            }
            #expect(
                journal.entries == [
                    "\(stamps[0]): clocked -> subscribed",
                    "\(stamps[1]): clocked -> Event next(a)",
                    "\(stamps[2]): clocked -> Event completed",
                    "\(stamps[2]): clocked -> isDisposed",
                ])
        }

        @Test(
            "timestamps are formatted as DateFormatter's yyyy-MM-dd HH:mm:ss.SSS in local time",
            arguments: [
                (0, 0), (1_498_854_286, 78_000), (1_498_854_286, 78_400), (1_498_854_286, 78_600), (1_498_854_286, 999_700),
                (951_782_400, 1_000), (1_704_067_199, 999_800), (1_709_164_800, 500_000), (4_102_444_799, 123_456),
                (-86_400, 5_000),
            ])
        func timestampFormat(seconds: Int, microseconds: Int) {
            let timestamp = DebugTimestamp(seconds: seconds, microseconds: microseconds)
            let date = Date(timeIntervalSince1970: Double(seconds) + Double(microseconds) / 1_000_000)
            #expect(timestamp.formatted == Self.referenceFormat(date))
        }

        @Test("the wall clock stamps each line with the current time")
        func wallClock() throws {
            let journal = Journal()
            let before = Date()
            Self.capture(into: journal) {
                _ = Observable<Int>.empty().debug("now").subscribe()
            }
            let after = Date()
            let lines = journal.entries
            #expect(Self.withoutTimestamps(lines) == ["now -> subscribed", "now -> Event completed", "now -> isDisposed"])
            let stamp = try #require(lines.first?.prefix(23)).description
            let allowed = [before, after].map { Self.referenceFormat($0) }
            #expect(stamp >= allowed[0] && stamp <= allowed[1])
        }

        @Test("the default identifier names the call site: file, line and function")
        func defaultIdentifier() {
            let journal = Journal()
            var line: UInt = 0
            Self.capture(into: journal) {
                line = #line + 1
                _ = Observable.just(1).debug().subscribe()
            }
            let identifier = "DebugTests.swift:\(line) (defaultIdentifier())"
            #expect(
                Self.withoutTimestamps(journal.entries) == [
                    "\(identifier) -> subscribed",
                    "\(identifier) -> Event next(1)",
                    "\(identifier) -> Event completed",
                    "\(identifier) -> isDisposed",
                ])
        }

        @Test("an explicit file keeps only its last path component")
        func fileName() {
            let journal = Journal()
            Self.capture(into: journal) {
                _ = Observable<Int>.never().debug(file: "/a/b/Screen.swift", line: 12, function: "load()").subscribe().dispose()
            }
            #expect(
                Self.withoutTimestamps(journal.entries) == [
                    "Screen.swift:12 (load()) -> subscribed", "Screen.swift:12 (load()) -> isDisposed",
                ])
        }

        @Test("trimOutput keeps the first and last 20 characters of a description longer than 40")
        func trimOutput() {
            let journal = Journal()
            let long = String(repeating: "a", count: 20) + String(repeating: "b", count: 10) + String(repeating: "c", count: 20)
            let exactly40 = String(repeating: "x", count: 34)  // next(…) is 40 characters
            Self.capture(into: journal) {
                _ = Observable.of(long, exactly40).debug("trimmed", trimOutput: true).subscribe()
                _ = Observable.of(long).debug("whole").subscribe()
            }
            #expect(
                Self.withoutTimestamps(journal.entries) == [
                    "trimmed -> subscribed",
                    // "next(" and 15 a's, then 19 c's and ")".
                    "trimmed -> Event next(aaaaaaaaaaaaaaa...ccccccccccccccccccc)",
                    "trimmed -> Event next(\(exactly40))",
                    "trimmed -> Event completed",
                    "trimmed -> isDisposed",
                    "whole -> subscribed",
                    "whole -> Event next(\(long))",
                    "whole -> Event completed",
                    "whole -> isDisposed",
                ])
        }

        @Test("an error is printed, passed on, and then the disposal")
        func errorLine() {
            let journal = Journal()
            Self.capture(into: journal) {
                _ = Observable<Int>.error(testError).debug("failing").subscribe(onError: { journal.record("got \($0)") })
            }
            #expect(
                Self.withoutTimestamps(journal.entries) == [
                    "failing -> subscribed", "failing -> Event error(TestError(1))", "got TestError(1)", "failing -> isDisposed",
                ])
        }

        @Test("disposing prints isDisposed once, before the source is released, however often it is called")
        func disposeOnce() {
            let journal = Journal()
            Self.capture(into: journal) {
                let source = Observable<Int>.create { observer in
                    observer.onNext(7)
                    return Disposables.create { journal.record("source disposed") }
                }
                let subscription = source.debug("early").subscribe()
                subscription.dispose()
                subscription.dispose()
            }
            #expect(
                Self.withoutTimestamps(journal.entries) == [
                    "early -> subscribed", "early -> Event next(7)", "early -> isDisposed", "source disposed",
                ])
        }

        @Test("disposing from many threads at once prints isDisposed once")
        func concurrentDispose() async {
            let journal = Journal()
            DebugOutput.setWriter { journal.record($0) }
            let subscription = SendableBox(Observable<Int>.never().debug("raced").subscribe())
            await onManyThreads(8) { _ in subscription.value.dispose() }
            DebugOutput.setWriter(nil)
            #expect(Self.withoutTimestamps(journal.entries) == ["raced -> subscribed", "raced -> isDisposed"])
        }

        // MARK: Pass-through on virtual time

        @Test("elements and the completion pass through unchanged")
        func completedOnVirtualTime() {
            let journal = Journal()
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 0), .completed(600)])
            var res: TestableObserver<Int>?
            Self.capture(into: journal) {
                res = scheduler.start { xs.debug("virtual") }
            }
            #expect(res?.events == [.next(210, 0), .completed(600)])
            #expect(xs.subscriptions == [Subscription(200, 600)])
            #expect(
                Self.withoutTimestamps(journal.entries) == [
                    "virtual -> subscribed", "virtual -> Event next(0)", "virtual -> Event completed", "virtual -> isDisposed",
                ])
        }

        @Test("an error passes through unchanged")
        func errorOnVirtualTime() {
            let journal = Journal()
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 0), .error(600, testError)])
            var res: TestableObserver<Int>?
            Self.capture(into: journal) {
                res = scheduler.start { xs.debug("virtual") }
            }
            #expect(res?.events == [.next(210, 0), .error(600, testError)])
            #expect(xs.subscriptions == [Subscription(200, 600)])
        }

        @Test("disposing early stops the events and unsubscribes the source")
        func earlyDisposeOnVirtualTime() {
            let journal = Journal()
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 0), .next(300, 1), .completed(600)])
            var res: TestableObserver<Int>?
            Self.capture(into: journal) {
                res = scheduler.start(disposed: 250) { xs.debug("virtual") }
            }
            #expect(res?.events == [.next(210, 0)])
            #expect(xs.subscriptions == [Subscription(200, 250)])
            #expect(
                Self.withoutTimestamps(journal.entries) == ["virtual -> subscribed", "virtual -> Event next(0)", "virtual -> isDisposed"])
        }
    }
}

extension ObservableType {
    /// The guide's hand-written debug operator, printing into a journal.
    fileprivate func myDebug(identifier: String, journal: Journal) -> Observable<Element> {
        Observable.create { observer in
            journal.record("subscribed \(identifier)")
            let subscription = self.subscribe { e in
                journal.record("event \(identifier) \(e)")
                switch e {
                case .next(let value):
                    observer.on(.next(value))
                case .error(let error):
                    observer.on(.error(error))
                case .completed:
                    observer.on(.completed)
                }
            }
            return Disposables.create {
                journal.record("disposing \(identifier)")
                subscription.dispose()
            }
        }
    }
}
