import Dispatch
import Foundation
import RxCore
import RxLeakCheck
import RxTest
import RxTraceAnalysis
import TestSupport
import Testing

@Suite("LeakCheck: samples, scopes, settling and the test helpers", .offPool)
struct LeakCheckTests {
    @Test("samples are taken after the warm-up and after each iteration, with their labels")
    func samplesAndLabels() {
        var runs = 0
        let report = LeakCheck.run(warmUp: 2, iterations: 4, maxIterations: 4, settle: .immediately) { runs += 1 }
        #expect(runs == 6)
        #expect(report.labels == ["warm-up 2", "iteration 1", "iteration 2", "iteration 3", "iteration 4"])
        #expect(report.iterations == 4)
    }

    @Test("without a warm-up the baseline is taken before the first run")
    func noWarmUp() {
        var runs = 0
        let report = LeakCheck.run(warmUp: 0, iterations: 2, maxIterations: 2, settle: .immediately) { runs += 1 }
        #expect(runs == 2)
        #expect(report.labels == ["start", "iteration 1", "iteration 2"])
    }

    @Test("an error thrown by the scenario ends the check and reaches the caller")
    func scenarioErrors() {
        struct Failure: Error {}
        var runs = 0
        #expect(throws: Failure.self) {
            _ = try LeakCheck.run(settle: .immediately) {
                runs += 1
                if runs == 2 { throw Failure() }
            }
        }
        #expect(runs == 2)
    }

    @Test("without the trait the scenario runs and the verdict is inconclusive, saying why", .enabled(if: !Resources.isEnabled))
    func withoutTheTrait() {
        var runs = 0
        let report = LeakCheck.run(settle: .immediately) { runs += 1 }
        #expect(runs == 1 + LeakCheck.defaultIterations)
        #expect(report.verdict == .inconclusive)
        #expect(report.reason.contains("TraceResources"))
    }

    @Test(
        "scoped checks in parallel: each sees only its own resources, whatever other threads leak",
        .enabled(if: Resources.isEnabled, "needs the TraceResources trait")
    )
    func parallelScopes() async {
        let subject = PublishSubject<Int>()
        let noise = Leftovers()
        defer { noise.release() }
        // Another thread leaks into the global count all the time the checks run.
        let stop = Locked(false)
        let noiseThread = Thread {
            while !stop.withLock({ $0 }) {
                noise.keep(subject.subscribe())
                Thread.sleep(forTimeInterval: 0.0005)
            }
        }
        noiseThread.start()
        let leftovers = Leftovers()
        defer { leftovers.release() }
        async let clean = Task.detached {
            LeakCheck.run(iterations: 4, settle: .immediately) {
                _ = Observable.of(1, 2).map { $0 + 1 }.subscribe()
            }
        }.value
        async let leaking = Task.detached {
            LeakCheck.run(iterations: 4, settle: .immediately) {
                leftovers.keep(subject.map { $0 }.subscribe())
            }
        }.value
        let (cleanReport, leakingReport) = await (clean, leaking)
        stop.withLock { $0 = true }
        #expect(cleanReport.verdict == .clean)
        #expect(leakingReport.verdict == .leaking)
        #expect(leakingReport.growthPerIteration == leakingReport.growth[0])
    }

    @Test("global counting sees what work on a queue allocates", .enabled(if: Resources.isEnabled, "needs the TraceResources trait"))
    func globalCounting() {
        let queue = DispatchQueue(label: "leak-check.global")
        let subject = PublishSubject<Int>()
        let leftovers = Leftovers()
        defer { leftovers.release() }
        // Draining the queue is all the settling this needs; without a quiet wait the global
        // count has little time to pick up what tests running in parallel allocate.
        let settle = LeakSettle.draining(queue).withoutQuietWait
        let scoped = LeakCheck.run(settle: settle) {
            queue.async { leftovers.keep(subject.subscribe()) }
        }
        let global = LeakCheck.run(settle: settle, counting: .global) {
            queue.async { leftovers.keep(subject.subscribe()) }
        }
        #expect(scoped.verdict == .clean)
        #expect(global.verdict == .leaking)
    }

    @Test(
        "trait subscriptions name the line of their subscribe call",
        .enabled(if: Resources.isEnabled, "needs the TraceResources trait")
    )
    func traitCallSites() {
        let leftovers = Leftovers()
        defer { leftovers.release() }
        let subject = PublishSubject<Int>()
        var lines: [Int] = []
        let report = LeakCheck.run(settle: .immediately) {
            leftovers.keep(subject.asSingle().subscribe(onSuccess: { _ in })); lines.append(#line)
            leftovers.keep(subject.asMaybe().subscribe { _ in }); lines.append(#line)
            leftovers.keep(subject.ignoreElements().subscribe(onCompleted: {})); lines.append(#line)
            leftovers.keep(subject.asInfallible(onErrorJustReturn: 0).subscribe(onNext: { _ in })); lines.append(#line)
        }
        #expect(report.verdict == .leaking)
        let frames = Set(report.sites.map(\.userFrame))
        for line in Set(lines) {
            #expect(frames.contains("RxLeakCheckTests/LeakCheckTests.swift:\(line)"), "no site at line \(line): \(frames)")
        }
    }

    @Test("allowed growth tolerates a bounded growth per iteration", .enabled(if: Resources.isEnabled, "needs the TraceResources trait"))
    func allowedGrowth() {
        let subject = PublishSubject<Int>()
        let leftovers = Leftovers()
        defer { leftovers.release() }
        let report = LeakCheck.run(allowedGrowth: 100, settle: .immediately) {
            leftovers.keep(subject.subscribe())
        }
        #expect(report.verdict != .leaking)
    }

    @Test(
        "expectNoLeaks records an issue at its call whose headline is the leak summary",
        .enabled(if: Resources.isEnabled, "needs the TraceResources trait"))
    func expectNoLeaksRecordsAnIssue() {
        let subject = PublishSubject<Int>()
        let leftovers = Leftovers()
        defer { leftovers.release() }
        let callLine = #line + 2
        withKnownIssue {
            expectNoLeaks(settle: .immediately) {
                leftovers.keep(subject.subscribe())
            }
        } matching: { issue in
            // The issue's own text (the console's headline), not a comment under "Issue recorded".
            let headline = String(describing: issue.kind)
            return headline.contains("the scenario leaks") && headline.contains("Leak check: leaking")
                && headline.contains("per iteration") && headline.contains("LeakCheckTests.swift:")
                && issue.sourceLocation?.line == callLine
                && issue.sourceLocation?.fileID.hasSuffix("LeakCheckTests.swift") == true
        }
    }

    @Test("expectNoLeaks passes a clean scenario and returns its report")
    func expectNoLeaksPasses() async {
        let report = await expectNoLeaks(settle: .immediately) {
            await Task.yield()
            _ = Observable.just(1).subscribe()
        }
        #expect(report.iterations == LeakCheck.defaultIterations)
    }

    @Test(
        "a baseline that lists the leaking site lets the helper pass", .enabled(if: Resources.isEnabled, "needs the TraceResources trait"))
    func baselineAcceptsAKnownLeak() throws {
        let subject = PublishSubject<Int>()
        let leftovers = Leftovers()
        defer { leftovers.release() }
        let leak: () -> Void = { leftovers.keep(subject.subscribe()) }
        let first = LeakCheck.run(settle: .immediately, leak)
        #expect(first.verdict == .leaking)
        let baseline = try LeakBaseline(parsing: LeakBaseline(accepting: first).text)
        #expect(baseline.entries.count == first.distinctLeaks)
        // The same leak, from the same line, is accepted: no issue is recorded.
        let again = expectNoLeaks(settle: .immediately, baseline: baseline, leak)
        #expect(again.verdict == .leaking)
        // A leak from another line is new.
        let other = LeakCheck.run(settle: .immediately) { leftovers.keep(subject.subscribe()) }
        let evaluation = baseline.evaluate(other)
        #expect(evaluation.passes == false)
        #expect(evaluation.newLeaks.count == 1)
    }
}
