/// A point in the sequence of tracked allocations, for asking about resources allocated after it.
///
/// Every resource that gets a side-table entry (see ``AllocationSiteMode``) takes the next
/// number of one process-wide sequence; ``AllocationSites/moment()`` reads the last number
/// given out. Resources allocated after a moment have greater numbers.
public struct AllocationMoment: Sendable, Hashable, Comparable {
    /// The number of tracked allocations before this moment.
    public var sequence: UInt64

    /// Creates a moment from a sequence number.
    public init(sequence: UInt64) {
        self.sequence = sequence
    }

    /// The moment before any allocation.
    public static var start: AllocationMoment {
        AllocationMoment(sequence: 0)
    }

    /// Orders moments by sequence number.
    public static func < (lhs: AllocationMoment, rhs: AllocationMoment) -> Bool {
        lhs.sequence < rhs.sequence
    }
}
