/// Why a leak check stopped repeating its scenario.
public enum LeakStop: String, Sendable, Hashable, Codable, CaseIterable {
    /// The verdict was clear before the limit: the counts had stopped moving.
    case clear
    /// The repetition limit was reached; the verdict is judged on everything measured.
    case limit
    /// The samples were given (the marks of a trace): every one was used.
    case allSamples
    /// The trace had no marks: every resource sample the program took was used, each one an
    /// iteration (``LeakAnalysis/analyze(samplesOf:allowedGrowth:)``).
    case resourceSamples
}
