import Testing

@testable import RxTraceAnalysis

@Suite("LeakAnalysis: allocation sites")
struct LeakSitesTests {
    private let leaking = [
        LeakSample(label: "warm-up", total: 1, types: ["Sink": 1]),
        LeakSample(label: "1", total: 2, types: ["Sink": 2]),
        LeakSample(label: "2", total: 3, types: ["Sink": 3]),
    ]

    @Test("Sites with the same fingerprint are one leak; counts add up per type")
    func mergedByFingerprint() {
        let report = LeakAnalysis.analyze(
            samples: leaking,
            sites: LeakSiteData(sites: [
                LeakSiteSample(fingerprint: 7, userFrame: "A.swift:1", frames: ["x", "A.swift:1"], live: ["Sink": 20]),
                LeakSiteSample(fingerprint: 9, userFrame: "B.swift:2", live: ["Sink": 15, "Other": 3]),
                LeakSiteSample(fingerprint: 7, userFrame: "A.swift:1", frames: ["y"], live: ["Sink": 5, "Other": 1]),
            ])
        )
        #expect(report.sites.count == 2)
        #expect(report.leakedResources == 40)
        #expect(report.distinctLeaks == 2)
        #expect(report.sites[0].fingerprint == 7)
        #expect(report.sites[0].frames == ["x", "A.swift:1"])
        #expect(report.sites[0].types == [ResourceTypeCount(name: "Sink", count: 25), ResourceTypeCount(name: "Other", count: 1)])
        #expect(report.sites[0].count == 26)
        #expect(report.sites[0].leaked == 25)
        #expect(report.sites[1].fingerprint == 9)
        #expect(report.sites[1].count == 18)
        #expect(report.sites[1].leaked == 15)
        #expect(report.summary.contains("40 leaked resources, 2 distinct leaks"))
    }

    @Test("Sites of types that do not leak come after the leaks; sites with nothing alive are left out")
    func ordering() {
        let report = LeakAnalysis.analyze(
            samples: leaking,
            sites: LeakSiteData(sites: [
                LeakSiteSample(fingerprint: 1, userFrame: "Cache.swift:1", live: ["CacheEntry": 50]),
                LeakSiteSample(fingerprint: 3, userFrame: "Gone.swift:1", live: ["Sink": 0]),
                LeakSiteSample(fingerprint: 2, userFrame: "Leak.swift:1", live: ["Sink": 1]),
                LeakSiteSample(fingerprint: 0, userFrame: "Cache.swift:2", live: ["CacheEntry": 50]),
            ])
        )
        #expect(report.sites.map(\.fingerprint) == [2, 0, 1])
        #expect(report.sites.map(\.leaked) == [1, 0, 0])
        #expect(report.distinctLeaks == 1)
        #expect(report.leakedResources == 1)
    }

    @Test("Without a leak, no site counts as leaked")
    func cleanSites() {
        let report = LeakAnalysis.analyze(
            samples: [leaking[0], leaking[0], leaking[0]],
            sites: LeakSiteData(sites: [LeakSiteSample(fingerprint: 1, userFrame: "A.swift:3", live: ["Sink": 1])])
        )
        #expect(report.verdict == .clean)
        #expect(report.distinctLeaks == 0)
        #expect(report.leakedResources == 0)
        #expect(
            report.summary.hasSuffix(
                """
                Allocation sites (resources of the last iteration still alive): 1 live resource at 1 site
                  1 live  A.swift:3  Sink ×1  [0000000000000001]
                """))
    }

    @Test("The site capture and scope are reported; no site data means capture off")
    func captureAndScope() {
        let none = LeakAnalysis.analyze(samples: leaking)
        #expect(none.siteCapture == .off)
        #expect(none.sitesSampled == false)
        #expect(none.sites.isEmpty)
        let sampled = LeakAnalysis.analyze(
            samples: leaking,
            sites: LeakSiteData(sites: [], capture: .sampled(every: 16), scope: .endOfTrace)
        )
        #expect(sampled.siteCapture == .sampled(every: 16))
        #expect(sampled.sitesSampled)
        #expect(sampled.siteScope == .endOfTrace)
        #expect(sampled.summary.contains("\nAllocation sites (resources alive when the trace was written, sampled 1 in 16): none\n"))
    }
}
