import Dispatch
import Foundation
import RxTest
import TestSupport
import Testing

@testable import RxCore

@Suite(.serialized, .resourceBalanced, .enabled(if: Resources.isEnabled, "needs the TraceResources trait"), .offPool)
struct AllocationSitesTests {
    @Test("the same line twice is one site and two lines are two")
    func theSameLineTwiceIsOneSiteAndTwoLinesAreTwo() {
        withSiteMode(.all) {
            let before = AllocationSites.moment()
            var held: [BooleanDisposable] = []
            let first = #line; for _ in 0..<2 { held.append(BooleanDisposable()) }
            let second = #line; held.append(BooleanDisposable())
            let report = AllocationSites.live(allocatedAfter: before)
            let mine = report.sites(inFile: sitesTestFile)
            #expect(mine.count == 2)
            let a = report.site(file: sitesTestFile, line: first)
            let b = report.site(file: sitesTestFile, line: second)
            #expect(a?.live == ["BooleanDisposable": 2])
            #expect(b?.live == ["BooleanDisposable": 1])
            #expect(a?.hasBacktrace == true)
            #expect(a?.fingerprint != b?.fingerprint)
            #expect(report.isSampled == false)
            #expect(report.capture == AllocationSites.capture)
            #expect(held.count == 3)
        }
    }

    @Test("the user frame is the first frame outside the package")
    func theUserFrameIsTheFirstFrameOutsideThePackage() throws {
        try withSiteMode(.all) {
            let before = AllocationSites.moment()
            let line = #line; let subscription = Observable<Int>.never().map { $0 + 1 }.subscribe(onNext: { _ in })
            defer { subscription.dispose() }
            let report = AllocationSites.live(allocatedAfter: before)
            // Two resources allocated on two paths through the library: one site, the user's line
            // (`subscribe(onNext:)` without `onDisposed` returns the subscription itself).
            let site = try #require(report.site(file: sitesTestFile, line: line))
            #expect(site.live == ["MapSink<Int, AnonymousObserver<Int>>": 1, "AnonymousObserver<Int>": 1])
            #expect(report.sites(inFile: sitesTestFile).count == 1)
            let userIndex = try #require(site.frames.firstIndex { $0.contains("AllocationSitesTests.swift:\(line)") })
            // Above the user's line sit the library's frames that led to the allocation, and not
            // the capture machinery.
            #expect(
                site.frames[..<userIndex].contains {
                    $0.hasPrefix("Sink.init") || $0.hasPrefix("ObserverBase.init") || $0.hasPrefix("DisposeBase.init")
                })
            #expect(
                !site.frames.contains {
                    $0.contains("SiteRecorder") || $0.contains("StackCapture") || $0.contains("ResourceTypeTable")
                })
        }
    }

    @Test("one line reached from two callers is two sites with one user frame")
    func oneLineReachedFromTwoCallersIsTwoSitesWithOneUserFrame() {
        withSiteMode(.all) {
            let before = AllocationSites.moment()
            let first = makeDisposable()
            let second = makeDisposable()
            let report = AllocationSites.live(allocatedAfter: before)
            let mine = report.sites(inFile: sitesTestFile)
            #expect(mine.count == 2)
            #expect(mine.allSatisfy { $0.userFrame == "\(sitesTestFile):\(makeDisposableLine)" })
            #expect(mine.allSatisfy { $0.live == ["BooleanDisposable": 1] })
            #expect(Set(mine.map(\.fingerprint)).count == 2)
            first.dispose()
            second.dispose()
        }
    }

    @Test("fingerprints stay the same across reports")
    func fingerprintsStayTheSameAcrossReports() {
        withSiteMode(.all) {
            var held: [BooleanDisposable] = []
            var sites: [AllocationSite?] = []
            let line = #line + 2
            for _ in 0..<2 {
                held.append(BooleanDisposable())
                sites.append(AllocationSites.live().site(file: sitesTestFile, line: line))
            }
            #expect(sites[0]?.fingerprint != nil)
            #expect(sites[0]?.fingerprint == sites[1]?.fingerprint)
            #expect(sites[0]?.frames == sites[1]?.frames)
            #expect(sites.map { $0?.total } == [1, 2])
        }
    }

    @Test("live counts drop when resources are freed")
    func liveCountsDropWhenResourcesAreFreed() {
        withSiteMode(.all) {
            let before = AllocationSites.moment()
            var held: [BooleanDisposable] = []
            let line = #line; for _ in 0..<5 { held.append(BooleanDisposable()) }
            #expect(AllocationSites.live(allocatedAfter: before).site(file: sitesTestFile, line: line)?.total == 5)
            held.removeLast(3)
            #expect(AllocationSites.live(allocatedAfter: before).site(file: sitesTestFile, line: line)?.total == 2)
            held.removeAll()
            #expect(AllocationSites.live(allocatedAfter: before).site(file: sitesTestFile, line: line) == nil)
        }
    }

    @Test("only resources after the moment are reported")
    func onlyResourcesAfterTheMomentAreReported() {
        withSiteMode(.all) {
            var held: [BooleanDisposable] = []
            var middle = AllocationMoment.start
            let line = #line + 2
            for round in 0..<3 {
                held.append(BooleanDisposable())
                if round == 0 { middle = AllocationSites.moment() }
            }
            #expect(AllocationSites.live(allocatedAfter: middle).site(file: sitesTestFile, line: line)?.total == 2)
            #expect(AllocationSites.live().site(file: sitesTestFile, line: line)?.total == 3)
            #expect(AllocationSites.moment() > middle)
        }
    }

    @Test("sampled mode keeps about one in n")
    func sampledModeKeepsAboutOneInN() {
        withSiteMode(.sampled(every: 16)) {
            #expect(AllocationSites.mode == .sampled(every: 16))
            let before = AllocationSites.moment()
            var held: [BooleanDisposable] = []
            held.reserveCapacity(16_000)
            let line = #line; for _ in 0..<16_000 { held.append(BooleanDisposable()) }
            let report = AllocationSites.live(allocatedAfter: before)
            let captured = report.site(file: sitesTestFile, line: line)?.total ?? 0
            // Binomial(16000, 1/16): mean 1000, standard deviation 31.
            #expect((800...1200).contains(captured))
            #expect(report.isSampled)
            #expect(report.samplingInterval == 16)
            #expect(held.count == 16_000)
        }
    }

    @Test("off mode records nothing")
    func offModeRecordsNothing() {
        withSiteMode(.off) {
            let before = AllocationSites.moment()
            let held = (0..<10).map { _ in BooleanDisposable() }
            let report = AllocationSites.live(allocatedAfter: before)
            #expect(report.sites(inFile: sitesTestFile).isEmpty)
            #expect(AllocationSites.status == "allocation sites: off")
            #expect(held.count == 10)
        }
    }

    @Test("call sites name the line without a backtrace")
    func callSitesNameTheLineWithoutABacktrace() {
        withSiteMode(.callSites) {
            let before = AllocationSites.moment()
            let held = ResourceSites.withCallSite(file: "MyApp/Screen.swift", line: 7) {
                // An inner call site (the library calling itself) does not replace the user's.
                ResourceSites.withCallSite(file: "RxCore/Inner.swift", line: 99) {
                    #expect(ResourceSites.currentCallSite == "MyApp/Screen.swift:7")
                    return [BooleanDisposable(), BooleanDisposable()]
                }
            }
            #expect(ResourceSites.currentCallSite == nil)
            let line = #line; let other = ResourceSites.withCallSite { BooleanDisposable() }
            let unnamed = BooleanDisposable()
            let report = AllocationSites.live(allocatedAfter: before)
            let screen = report.sites.first { $0.userFrame == "MyApp/Screen.swift:7" }
            #expect(screen?.live == ["BooleanDisposable": 2])
            #expect(screen?.frames == [])
            #expect(report.site(file: sitesTestFile, line: line)?.live == ["BooleanDisposable": 1])
            #expect(report.sites.contains { $0.userFrame == "RxCore/Inner.swift:99" } == false)
            // Without a call site and without a backtrace the site is unknown.
            #expect((report.sites.first { $0.userFrame == "(unknown site)" }?.total ?? 0) >= 1)
            #expect(held.count == 2)
            other.dispose()
            unnamed.dispose()
        }
    }

    @Test("a call site names the site even with a backtrace")
    func aCallSiteNamesTheSiteEvenWithABacktrace() throws {
        try withSiteMode(.all) {
            let before = AllocationSites.moment()
            let held = ResourceSites.withCallSite(file: "MyApp/Screen.swift", line: 12) { BooleanDisposable() }
            let site = try #require(AllocationSites.live(allocatedAfter: before).sites.first { $0.userFrame == "MyApp/Screen.swift:12" })
            #expect(site.hasBacktrace)
            #expect(site.live == ["BooleanDisposable": 1])
            held.dispose()
        }
    }

    #if TraceResources
    @Test("the Swift runtime fallback finds the same line")
    func theSwiftRuntimeFallbackFindsTheSameLine() throws {
        StackCapture.prefersRuntime.store(true, ordering: .relaxed)
        defer { StackCapture.prefersRuntime.store(false, ordering: .relaxed) }
        try withSiteMode(.all) {
            #expect(AllocationSites.capture == .swiftRuntime)
            let before = AllocationSites.moment()
            var held: [BooleanDisposable] = []
            let line = #line; for _ in 0..<3 { held.append(BooleanDisposable()) }
            let report = AllocationSites.live(allocatedAfter: before)
            let site = try #require(report.site(file: sitesTestFile, line: line))
            #expect(site.live == ["BooleanDisposable": 3])
            #expect(report.capture == .swiftRuntime)
            #expect(
                AllocationSites.status.hasSuffix(
                    "Swift Runtime Backtrace.capture (libunwind not found; slower, about 10 µs per captured site)"))
            held.removeAll()
        }
    }
    #endif

    @Test("switching modes while other threads allocate is safe")
    func switchingModesWhileOtherThreadsAllocateIsSafe() {
        let before = AllocationSites.moment()
        let running = DispatchGroup()
        let stop = Locked(false)
        // Threads of their own: busy loops on the global queue would take the threads that
        // Swift concurrency and other tests' dispatch work need.
        for _ in 0..<2 {
            running.enter()
            Thread {
                var held: [BooleanDisposable] = []
                while !stop.withLock({ $0 }) {
                    for _ in 0..<64 { held.append(BooleanDisposable()) }
                    held.removeAll(keepingCapacity: true)
                }
                running.leave()
            }.start()
        }
        let modes: [AllocationSiteMode] = [.all, .off, .sampled(every: 3), .callSites, .all, .off]
        for round in 0..<60 {
            AllocationSites.mode = modes[round % modes.count]
            if round % 7 == 0 {
                let scope = ResourceScope("round \(round)")
                _ = scope.snapshot()
            }
            _ = AllocationSites.live(allocatedAfter: before)
            usleep(500)
        }
        AllocationSites.mode = .off
        stop.withLock { $0 = true }
        running.wait()
        // Every resource the threads made is gone, and so is every entry.
        #expect(AllocationSites.live(allocatedAfter: before).sites(inFile: sitesTestFile).isEmpty)
        #expect(AllocationSites.live(allocatedAfter: before).total == 0)
    }
}

/// The line of `makeDisposable()`'s allocation; the function allocates at one line, whoever calls.
private let makeDisposableLine = #line + 3
@inline(never)
private func makeDisposable() -> BooleanDisposable {
    BooleanDisposable()
}

/// Tracking is off only while no scope is alive, and `.resourceBalanced` runs each test in a
/// scope of its own: this check stays outside that trait.
@Suite(.serialized, .enabled(if: Resources.isEnabled, "needs the TraceResources trait"), .offPool)
struct AllocationSitesTrackingOffTests {
    @Test("call sites are not recorded while tracking is off")
    func callSitesAreNotRecordedWhileTrackingIsOff() {
        withSiteMode(.off) {
            ResourceSites.withCallSite(file: "MyApp/Screen.swift", line: 3) {
                #expect(ResourceSites.currentCallSite == nil)
            }
        }
    }
}

/// Turning tracking on reaches threads whose count updates already take the inline path. Outside
/// `.resourceBalanced`, whose scope keeps tracking on for the whole test.
@Suite(.serialized, .enabled(if: Resources.isEnabled, "needs the TraceResources trait"), .offPool)
struct AllocationSitesSwitchTests {
    @Test("a thread that counted a type before tracking began records the site of the next one", hangTimeLimit(minutes: 10))
    func aThreadThatCountedATypeBeforeTrackingBeganRecordsTheNextSite() throws {
        let counted = DispatchSemaphore(value: 0)
        let go = DispatchSemaphore(value: 0)
        let made = DispatchSemaphore(value: 0)
        let held = Locked<BooleanDisposable?>(nil)
        let worker = Thread {
            // Counted with tracking off, so this thread's next update of the type is inline.
            for _ in 0..<3 { _ = makeDisposable() }
            counted.signal()
            go.wait()
            // Straight into the box: a local here could still hold the disposable when the test
            // releases the box's reference and expects the entry gone (seen on a loaded machine).
            held.withLock { $0 = makeDisposable() }
            made.signal()
        }
        worker.start()
        #expect(counted.wait(timeout: .now() + hangGuardSeconds) == .success)
        try withSiteMode(.all) {
            let before = AllocationSites.moment()
            go.signal()
            #expect(made.wait(timeout: .now() + hangGuardSeconds) == .success)
            let report = AllocationSites.live(allocatedAfter: before)
            let site = try #require(report.site(file: sitesTestFile, line: makeDisposableLine))
            #expect(site.live == ["BooleanDisposable": 1])
            held.withLock { $0 = nil }
            // Freed on this thread, which also counted the type before: the entry goes too.
            #expect(AllocationSites.live(allocatedAfter: before).site(file: sitesTestFile, line: makeDisposableLine) == nil)
        }
    }
}
