extension MarbleDiagram {
    /// How much of a probe's activity a diagram keeps, so that memory stays bounded however
    /// long the trace is.
    public struct Limits: Sendable, Hashable {
        /// The subscriptions kept per probe: the first ones to appear.
        public var subscriptionsPerProbe: Int
        /// The elements kept per subscription: the first ones. The terminal event and the
        /// disposal are always kept.
        public var elementsPerSubscription: Int

        /// Creates limits.
        ///
        /// - Parameters:
        ///   - subscriptionsPerProbe: The subscriptions kept per probe; 20 by default.
        ///   - elementsPerSubscription: The elements kept per subscription; 1000 by default.
        public init(subscriptionsPerProbe: Int = 20, elementsPerSubscription: Int = 1000) {
            self.subscriptionsPerProbe = subscriptionsPerProbe
            self.elementsPerSubscription = elementsPerSubscription
        }
    }
}
