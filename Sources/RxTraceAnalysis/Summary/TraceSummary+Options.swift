extension TraceSummary {
    /// How a ``TraceSummary`` is made: how many errors it keeps and how the leak check reads
    /// the marks.
    public struct Options: Sendable, Hashable {
        /// The errors kept in ``TraceSummary/errors``; the rest are only counted.
        public var errorLimit: Int
        /// The marks that end warm-up runs (see ``LeakAnalysis/analyze(trace:warmUpMarks:allowedGrowth:)``).
        public var warmUpMarks: Int
        /// The growth of the total per iteration the leak check tolerates.
        public var allowedGrowth: Int

        /// Creates options.
        ///
        /// - Parameters:
        ///   - errorLimit: The errors kept; 100 by default.
        ///   - warmUpMarks: The marks that end warm-up runs; 1 by default.
        ///   - allowedGrowth: The tolerated growth per iteration; 0 by default.
        public init(errorLimit: Int = 100, warmUpMarks: Int = 1, allowedGrowth: Int = 0) {
            self.errorLimit = errorLimit
            self.warmUpMarks = warmUpMarks
            self.allowedGrowth = allowedGrowth
        }
    }
}
