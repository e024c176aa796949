import Foundation
import Testing

@testable import RxTraceAnalysis

/// Samples in which each of `growing` rises by one per iteration, and `steady` stays.
private func report(growing: [String], steady: [String] = [], sites: [LeakSiteSample] = []) -> LeakReport {
    let samples = (0...4).map { iteration in
        var types: [String: Int] = [:]
        for name in growing { types[name] = iteration }
        for name in steady { types[name] = 1 }
        return LeakSample(label: "\(iteration)", total: types.values.reduce(0, +), types: types)
    }
    return LeakAnalysis(samples: samples, sites: LeakSiteData(sites: sites), iterationLimit: 4).report()
}

@Suite("LeakHint: the likely cause, from the growing types")
struct LeakHintTests {
    @Test("Dispose bags growing with subscriptions: a retain cycle, at the subscription's line")
    func retainCycle() throws {
        let leak = report(
            growing: ["DisposeBag", "AnonymousObserver<String>", "PublishSubject<String>"],
            sites: [LeakSiteSample(fingerprint: 7, userFrame: "App/Screen.swift:25", live: ["AnonymousObserver<String>": 1])]
        )
        #expect(leak.verdict == .leaking)
        let hint = try #require(leak.hints.first)
        #expect(leak.hints.count == 1)
        #expect(hint.pattern == .retainCycle)
        #expect(hint.site == "App/Screen.swift:25")
        #expect(
            leak.summary.hasSuffix(
                "Likely cause: the subscription at App/Screen.swift:25 is alive together with the dispose bag it was added to: a closure probably captures its owner; use `subscribe(with:)` or `[weak self]`."
            )
        )
    }

    @Test("Growth that names no pattern, or a report that does not leak, gets no hint")
    func noEvidenceNoHint() {
        // A dispose bag alone says nothing about subscriptions.
        #expect(report(growing: ["DisposeBag"]).hints.isEmpty)
        #expect(report(growing: ["SomeCache"]).hints.isEmpty)
        let clean = report(growing: [], steady: ["DisposeBag", "AnonymousObserver<Int>"])
        #expect(clean.verdict == .clean)
        #expect(clean.hints.isEmpty)
        #expect(!clean.summary.contains("Likely cause"))
        // An inconclusive verdict drops the hint with the leak.
        let leak = report(growing: ["DisposeBag", "AnonymousObserver<Int>"])
        #expect(leak.hints.count == 1)
        #expect(leak.replacing(verdict: .inconclusive, reason: "no trait").hints.isEmpty)
    }

    @Test("Periodic work, subscriptions alone and subjects alone each get their own hint")
    func otherPatterns() {
        #expect(
            report(growing: ["PeriodicTimerSink<AnonymousObserver<Int>>", "PeriodicWork<Int>"]).hints.map(\.pattern) == [
                .periodicWorkNeverDisposed
            ])
        #expect(
            report(growing: ["MapSink<Int, AnonymousObserver<Int>>", "AnonymousObserver<Int>"]).hints.map(\.pattern) == [
                .subscriptionNeverDisposed
            ])
        let subjects = report(growing: ["PublishSubject<Int>"])
        #expect(subjects.hints.map(\.pattern) == [.subjectsAccumulate])
        #expect(subjects.hints.first?.site == nil)
        #expect(subjects.hints.first?.text.hasPrefix("a new subject stays alive every time") == true)
    }

    @Test("Hints are written to JSON and read back; JSON without them gets them derived")
    func coding() throws {
        let leak = report(
            growing: ["DisposeBag", "AnonymousObserver<Int>"],
            sites: [LeakSiteSample(fingerprint: 7, userFrame: "App/Screen.swift:25", live: ["AnonymousObserver<Int>": 1])]
        )
        let data = try JSONEncoder().encode(leak)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let hints = try #require(object["hints"] as? [[String: Any]])
        #expect(hints.first?["pattern"] as? String == "retainCycle")
        #expect(hints.first?["site"] as? String == "App/Screen.swift:25")
        #expect(try JSONDecoder().decode(LeakReport.self, from: data) == leak)
        // A report written before hints existed.
        var older = object
        older["hints"] = nil
        let olderData = try JSONSerialization.data(withJSONObject: older)
        #expect(try JSONDecoder().decode(LeakReport.self, from: olderData).hints == leak.hints)
    }
}
