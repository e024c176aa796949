import RxCore
import Testing

struct AllocationSiteModeTests {
    @Test("parses the environment values")
    func parsesTheEnvironmentValues() {
        #expect(AllocationSiteMode(environmentValue: "") == .off)
        #expect(AllocationSiteMode(environmentValue: "0") == .off)
        #expect(AllocationSiteMode(environmentValue: "off") == .off)
        #expect(AllocationSiteMode(environmentValue: "calls") == .callSites)
        #expect(AllocationSiteMode(environmentValue: "1") == .all)
        #expect(AllocationSiteMode(environmentValue: " ALL ") == .all)
        #expect(AllocationSiteMode(environmentValue: "sample:64") == .sampled(every: 64))
        #expect(AllocationSiteMode(environmentValue: "Sample:8") == .sampled(every: 8))
        #expect(AllocationSiteMode(environmentValue: "100") == .sampled(every: 100))
        #expect(AllocationSiteMode(environmentValue: "sample:1") == .all)
    }

    @Test("rejects text that names no level")
    func rejectsTextThatNamesNoLevel() {
        #expect(AllocationSiteMode(environmentValue: "sometimes") == nil)
        #expect(AllocationSiteMode(environmentValue: "sample:") == nil)
        #expect(AllocationSiteMode(environmentValue: "sample:0") == nil)
        #expect(AllocationSiteMode(environmentValue: "-3") == nil)
    }

    @Test("describes each level")
    func describesEachLevel() {
        #expect(AllocationSiteMode.off.description == "off")
        #expect(AllocationSiteMode.callSites.description == "call sites")
        #expect(AllocationSiteMode.sampled(every: 64).description == "sampled every 64")
        #expect(AllocationSiteMode.all.description == "all")
        #expect(AllocationSiteMode.sampled(every: 64).samplingInterval == 64)
        #expect(AllocationSiteMode.all.samplingInterval == 1)
        #expect(AllocationSiteMode.callSites.samplingInterval == nil)
        #expect(!AllocationSiteMode.callSites.capturesBacktraces)
        #expect(AllocationSiteMode.sampled(every: 2).capturesBacktraces)
    }

    @Test("does nothing without the trait", .enabled(if: !Resources.isEnabled, "only without the TraceResources trait"))
    func doesNothingWithoutTheTrait() {
        AllocationSites.mode = .all
        #expect(AllocationSites.mode == .off)
        #expect(AllocationSites.capture == .none)
        let scope = ResourceScope("unused")
        let disposable = scope.run { BooleanDisposable() }
        #expect(scope.snapshot() == ResourceSnapshot(total: 0, types: [:]))
        #expect(AllocationSites.live().sites.isEmpty)
        #expect(ResourceScope.current == nil)
        #expect(ResourceSites.withCallSite(file: "A/B.swift", line: 3) { ResourceSites.currentCallSite } == nil)
        disposable.dispose()
    }

    @Test("report description names sampling and sites")
    func reportDescriptionNamesSamplingAndSites() {
        let site = AllocationSite(
            fingerprint: 0xAB, userFrame: "App/Screen.swift:7", frames: ["f at Screen.swift:7"], live: ["Sink": 2, "Observer": 1])
        let report = AllocationSiteReport(sites: [site], samplingInterval: 64, capture: .libunwind)
        #expect(site.total == 3)
        #expect(site.hasBacktrace)
        #expect(report.isSampled)
        #expect(report.total == 3)
        #expect(report.site(withFingerprint: 0xAB) == site)
        #expect(
            report.description == """
                3 live resources at 1 sites (sampled: about 1 in 64)
                3 live at App/Screen.swift:7 [ab]
                  Sink: 2
                  Observer: 1
                    f at Screen.swift:7
                """
        )
    }
}
