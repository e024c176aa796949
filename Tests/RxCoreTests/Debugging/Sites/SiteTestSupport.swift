import RxCore

/// The `#fileID` of the site tests, as allocation sites name it.
let sitesTestFile = "RxCoreTests/AllocationSitesTests.swift"

/// Runs `body` with `mode` as the capture level and turns capture off afterwards.
func withSiteMode<Result>(_ mode: AllocationSiteMode, _ body: () throws -> Result) rethrows -> Result {
    AllocationSites.mode = mode
    defer { AllocationSites.mode = .off }
    return try body()
}

extension AllocationSiteReport {
    /// The sites whose user frame is a line of `file`.
    func sites(inFile file: String) -> [AllocationSite] {
        sites.filter { $0.userFrame.hasPrefix(file + ":") }
    }

    /// The site whose user frame is `file:line`, if there is exactly one.
    func site(file: String, line: Int) -> AllocationSite? {
        let matching = sites.filter { $0.userFrame == "\(file):\(line)" }
        return matching.count == 1 ? matching[0] : nil
    }
}
