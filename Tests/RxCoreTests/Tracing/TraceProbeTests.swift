import Dispatch
import Foundation
import RxTest
import RxTraceFormat
import Testing

@testable import RxCore

extension ProbeTests {
    /// `debug()` with tracing on: one record per lifecycle step, values summarized, open
    /// subscriptions listed, marks with resource counts.
    @Suite("debug() as a trace probe", .serialized, .resourceBalanced, .offPool)
    struct TraceProbeTests {
        /// Runs `body` with a fresh trace running, and returns its snapshot.
        private static func tracing(
            _ configuration: TraceConfiguration = TraceConfiguration(dumpsAtExit: false, dumpsOnSignal: false),
            _ body: () throws -> Void
        ) rethrows -> TraceSnapshot {
            Trace.start(configuration)
            defer { Trace.stop() }
            try body()
            return Trace.snapshot()!
        }

        private struct Step: Equatable, CustomStringConvertible {
            let kind: TraceEventKind
            let value: String?
            var description: String { value.map { "\(kind)(\($0))" } ?? "\(kind)" }
        }

        private static func steps(_ snapshot: TraceSnapshot, probe: String) -> [Step] {
            snapshot.records(ofProbe: probe).map { Step(kind: $0.kind, value: snapshot.valueText(of: $0)) }
        }

        @Test("a finite sequence: subscribed, each element as a number, completed, disposed after completion")
        func finiteSequence() {
            let line = #line + 3
            let snapshot = Self.tracing {
                _ = Observable.of(1, -2, 3)
                    .debug("numbers")
                    .subscribe()
            }
            #expect(
                Self.steps(snapshot, probe: "numbers") == [
                    Step(kind: .subscribed, value: nil),
                    Step(kind: .next, value: "1"),
                    Step(kind: .next, value: "-2"),
                    Step(kind: .next, value: "3"),
                    Step(kind: .completed, value: nil),
                    Step(kind: .disposed, value: "completed"),
                ])
            let records = snapshot.records(ofProbe: "numbers")
            #expect(Set(records.map(\.subscription)).count == 1)
            #expect(zip(records, records.dropFirst()).allSatisfy { $0.timestamp <= $1.timestamp })
            #expect(records.filter { $0.kind == .next }.allSatisfy { $0.valueKind == .int })
            let probe = snapshot.file.probes[Int(records[0].probe)]
            #expect(snapshot.file.string(probe.file) == "RxCoreTests/TraceProbeTests.swift")
            #expect(probe.line == UInt32(line))
            #expect(snapshot.file.string(probe.function) == "finiteSequence()")
            #expect(snapshot.file.openSubscriptions.isEmpty)
        }

        @Test("numbers, Booleans, strings and other values are summarized by kind")
        func valueKinds() {
            struct Point: CustomStringConvertible {
                let x: Int
                var description: String { "Point(\(x))" }
            }
            let snapshot = Self.tracing {
                _ = Observable.just(UInt8(200)).debug("uint8").subscribe()
                _ = Observable.just(Int16(-300)).debug("int16").subscribe()
                _ = Observable.just(2.5).debug("double").subscribe()
                _ = Observable.just(Float(0.5)).debug("float").subscribe()
                _ = Observable.just(true).debug("bool").subscribe()
                _ = Observable.just("text").debug("string").subscribe()
                _ = Observable.just(Point(x: 7)).debug("point").subscribe()
            }
            func next(_ probe: String) -> (TraceValueKind, String?) {
                let record = snapshot.records(ofProbe: probe).first { $0.kind == .next }!
                return (record.valueKind, snapshot.valueText(of: record))
            }
            #expect(next("uint8") == (.uint, "200"))
            #expect(next("int16") == (.int, "-300"))
            #expect(next("double") == (.double, "2.5"))
            #expect(next("float") == (.double, "0.5"))
            #expect(next("bool") == (.bool, "true"))
            #expect(next("string") == (.string, "text"))
            #expect(next("point") == (.string, "Point(7)"))
        }

        @Test("descriptions longer than the limit are cut on a character boundary")
        func longValuesAreTruncated() {
            let snapshot = Self.tracing(TraceConfiguration(valueLimit: 10, dumpsAtExit: false, dumpsOnSignal: false)) {
                _ = Observable.just("ééééééééé-long").debug("long").subscribe()
                _ = Observable.just("short").debug("short").subscribe()
            }
            let long = snapshot.records(ofProbe: "long").first { $0.kind == .next }!
            #expect(snapshot.valueText(of: long) == "ééé…")
            #expect(snapshot.valueText(of: long)!.utf8.count <= 10)
            let short = snapshot.records(ofProbe: "short").first { $0.kind == .next }!
            #expect(snapshot.valueText(of: short) == "short")
        }

        @Test("an error is recorded with its description, then disposal after the error")
        func errorIsRecorded() {
            let snapshot = Self.tracing {
                _ = Observable<Int>.error(testError).debug("failing").subscribe(onError: { _ in })
            }
            #expect(
                Self.steps(snapshot, probe: "failing") == [
                    Step(kind: .subscribed, value: nil),
                    Step(kind: .error, value: "TestError(1)"),
                    Step(kind: .disposed, value: "errored"),
                ])
        }

        @Test("an open subscription is listed until it is disposed early")
        func openSubscriptions() throws {
            let subject = PublishSubject<Int>()
            Trace.start(TraceConfiguration(dumpsAtExit: false, dumpsOnSignal: false))
            defer { Trace.stop() }
            let subscription = subject.debug("open").subscribe()
            subject.onNext(5)
            let during = try #require(Trace.snapshot())
            #expect(during.file.openSubscriptions.count == 1)
            let open = try #require(during.file.openSubscriptions.first)
            #expect(during.file.string(during.file.probes[Int(open.probe)].identifier) == "open")
            #expect(open.subscribedAt <= during.file.header.dumpTimestamp)
            #expect(Int(open.thread) < during.file.threads.count)
            subscription.dispose()
            let after = try #require(Trace.snapshot())
            #expect(after.file.openSubscriptions.isEmpty)
            #expect(
                Self.steps(after, probe: "open") == [
                    Step(kind: .subscribed, value: nil),
                    Step(kind: .next, value: "5"),
                    Step(kind: .disposed, value: "early"),
                ])
        }

        @Test("each subscription through one probe gets its own id; the probe is interned once")
        func subscriptionsAreDistinct() {
            let snapshot = Self.tracing {
                let source = Observable.of(1, 2).debug("shared")
                _ = source.subscribe()
                _ = source.subscribe()
            }
            let records = snapshot.records(ofProbe: "shared")
            #expect(Set(records.map(\.subscription)).count == 2)
            #expect(Set(records.map(\.probe)).count == 1)
            #expect(snapshot.probes(named: "shared").count == 1)
        }

        @Test("while tracing, probes print no text unless echo is on")
        func echo() {
            let journal = Journal()
            DebugOutput.setWriter { journal.record($0) }
            defer { DebugOutput.setWriter(nil) }
            _ = Self.tracing {
                _ = Observable.just(1).debug("quiet").subscribe()
            }
            #expect(journal.entries.isEmpty)
            let snapshot = Self.tracing(TraceConfiguration(echo: true, dumpsAtExit: false, dumpsOnSignal: false)) {
                _ = Observable.just(1).debug("loud").subscribe()
            }
            #expect(
                journal.entries.map { String($0.dropFirst(25)) } == [
                    "loud -> subscribed", "loud -> Event next(1)", "loud -> Event completed", "loud -> isDisposed",
                ])
            #expect(snapshot.records(ofProbe: "loud").count == 4)
        }

        @Test("after Trace.stop, probes print text again")
        func stopRestoresText() {
            let journal = Journal()
            DebugOutput.setWriter { journal.record($0) }
            defer { DebugOutput.setWriter(nil) }
            Trace.start(TraceConfiguration(dumpsAtExit: false, dumpsOnSignal: false))
            Trace.stop()
            #expect(!Trace.isTracing)
            #expect(Trace.snapshot() == nil)
            _ = Observable.just(1).debug("text").subscribe()
            #expect(journal.entries.count == 4)
        }

        @Test("probe totals stay exact when the ring overflows, counted on every thread, exited ones included")
        func totalsSurviveOverflow() throws {
            let configuration = TraceConfiguration(capacity: 1024, dumpsAtExit: false, dumpsOnSignal: false)
            let elements = 5_000
            let snapshot = Self.tracing(configuration) {
                let group = DispatchGroup()
                for _ in 0..<3 {
                    group.enter()
                    let thread = Thread {
                        _ = Observable.range(start: 0, count: elements).debug("flood").subscribe()
                        group.leave()
                    }
                    thread.start()
                }
                group.wait()
                _ = Observable.of(1, 2).debug("late").subscribe()
            }
            #expect(snapshot.file.header.recordsLost > 0)
            let totals = try #require(snapshot.file.probeTotals)
            #expect(totals.count == snapshot.file.probes.count)
            let flood = try #require(snapshot.probes(named: "flood").first)
            #expect(totals[Int(flood)] == TraceProbeTotals(subscribed: 3, next: UInt64(3 * elements), error: 0, completed: 3, disposed: 3))
            #expect(snapshot.records(ofProbe: "flood").count < 3 * (elements + 3))
            let late = try #require(snapshot.probes(named: "late").first)
            #expect(totals[Int(late)] == TraceProbeTotals(subscribed: 1, next: 2, error: 0, completed: 1, disposed: 1))
        }

        @Test("threads are listed and records name the thread that wrote them")
        func threadsAreRecorded() {
            let snapshot = Self.tracing {
                let group = DispatchGroup()
                for index in 0..<2 {
                    group.enter()
                    let thread = Thread {
                        _ = Observable.of(index, index).debug("threaded").subscribe()
                        group.leave()
                    }
                    thread.start()
                }
                group.wait()
            }
            let records = snapshot.records(ofProbe: "threaded")
            #expect(records.count == 2 * 5)
            // Names come from the system or Foundation; both threads have one, if only inherited.
            #expect(records.allSatisfy { snapshot.file.string(snapshot.file.threads[Int($0.thread)].name) != nil })
            #expect(Set(records.map { snapshot.file.threads[Int($0.thread)].systemID }).count == 2)
        }

        @Test("text values from several threads: each distinct string stored once, every record reads back its own text")
        func textValuesAcrossThreads() {
            let words = ["alpha", "beta", "gamma", "delta"]
            let snapshot = Self.tracing {
                let group = DispatchGroup()
                for thread in 0..<3 {
                    group.enter()
                    Thread {
                        for round in 0..<50 {
                            _ = Observable.from(words).map { "\($0)-\(round % 5)" }.debug("words \(thread)").subscribe()
                        }
                        group.leave()
                    }.start()
                }
                group.wait()
            }
            var seen: [String] = []
            for thread in 0..<3 {
                let texts = snapshot.records(ofProbe: "words \(thread)").filter { $0.kind == .next }.compactMap {
                    snapshot.valueText(of: $0)
                }
                #expect(texts.count == 50 * words.count)
                #expect(texts.prefix(4) == ["alpha-0", "beta-0", "gamma-0", "delta-0"])
                seen += texts
            }
            let distinct = Set(seen)
            #expect(distinct.count == words.count * 5)
            #expect(snapshot.file.strings.filter { distinct.contains($0) }.count == distinct.count)
        }

        @Test("a mark records its label and the resource counts of the moment")
        func marksSnapshotResources() throws {
            let subject = PublishSubject<Int>()
            var bag: DisposeBag?
            let snapshot = Self.tracing {
                Trace.mark("before")
                // The bag is a counted resource too: it is born and freed between the marks.
                bag = DisposeBag()
                subject.debug("held").subscribe().disposed(by: bag!)
                Trace.mark("holding")
                bag = nil
                Trace.mark("after")
            }
            #expect(snapshot.file.marks.map { snapshot.file.string($0.label) } == ["before", "holding", "after"])
            let totals = snapshot.file.marks.map(\.resourcesTotal)
            if Resources.isEnabled {
                #expect(totals[1] > totals[0])
                #expect(totals[2] == totals[0])
                let holding = snapshot.file.marks[1].types.map { snapshot.file.string($0.name) ?? "" }
                #expect(holding.contains { $0.hasPrefix("DebugSink") })
            } else {
                #expect(totals == [-1, -1, -1])
            }
            #expect(zip(snapshot.file.marks, snapshot.file.marks.dropFirst()).allSatisfy { $0.timestamp <= $1.timestamp })
        }

        @Test("the header describes the process and the buffer")
        func header() {
            let snapshot = Self.tracing(TraceConfiguration(capacity: 10_000, valueLimit: 33, dumpsAtExit: false, dumpsOnSignal: false)) {
                _ = Observable.just(1).debug("one").subscribe()
            }
            let header = snapshot.file.header
            #expect(header.processID == ProcessInfo.processInfo.processIdentifier)
            #expect(header.processName == ProcessInfo.processInfo.processName)
            #expect(header.capacity == 10 * 1024)
            #expect(header.valueLimit == 33)
            #expect(header.recordsLost == 0)
            #expect(header.recordsWritten == UInt64(snapshot.records.count))
            #expect(header.dumpReason == .request)
            let now = Int64(Date().timeIntervalSince1970 * 1e9)
            #expect(abs(now - header.startWallClock) < 60 * 1_000_000_000)
            #expect(snapshot.records.allSatisfy { $0.timestamp <= header.dumpTimestamp })
            #expect(snapshot.file.strings.first == "")
        }
    }
}
