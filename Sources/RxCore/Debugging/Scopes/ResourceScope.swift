/// A context that owns the resources allocated inside it, so a leak check counts only its own.
///
/// A global count (``Resources/total``) mixes in every resource of every thread, which makes
/// leak checks wrong when tests run in parallel. A scope fixes that: run the scenario inside
/// ``run(_:)-(()->Result)``, and every counted resource allocated while it runs belongs to the
/// scope; ``snapshot(allocatedAfter:)`` then counts only those that are still alive.
///
/// ```swift
/// let scope = ResourceScope("login screen")
/// scope.run { model.open(); model.close() }
/// #expect(scope.snapshot().total == 0)
/// ```
///
/// The scope is carried by a task-local value: it holds for the body, for synchronous code the
/// body calls, and for child tasks and `Task { }` created inside it, across suspension points
/// and threads of the concurrency pool. Two tests running at the same time on the same thread
/// pool each see only their own resources. Work the body schedules on the core's schedulers
/// (a dispatch hop, a timer, an operation) runs in the scope too, at any depth, and is the
/// scope's ``pendingWork(dueWithin:)`` until it has run or been cancelled. Blocks the body
/// hands to a `DispatchQueue` or an `OperationQueue` directly run outside the scope, and their
/// resources belong to no scope. A scope created inside another one's body is nested: the
/// outer scope counts the inner scope's resources too.
///
/// Tracking (one side-table entry per resource allocated in a scope) is on while any scope is
/// alive. Without the `TraceResources` trait the body just runs and every snapshot is empty.
public final class ResourceScope: Sendable {
    /// The name given at creation, for reports.
    public let name: String
    /// The scope's number in the side table; 0 without the trait.
    let id: UInt32

    /// Creates a scope; tracking is on from now until the scope is freed.
    ///
    /// - Parameter name: A label for reports.
    public init(_ name: String = "") {
        self.name = name
        #if TraceResources
        id = ScopeRegistry.shared.register(parent: Self.currentID)
        SiteTracking.scopeBegan()
        #else
        id = 0
        #endif
    }

    deinit {
        #if TraceResources
        SiteTracking.scopeEnded()
        #endif
    }

    /// Runs `body` in this scope: the resources it allocates belong to the scope.
    ///
    /// - Parameter body: The scenario.
    /// - Returns: What `body` returns.
    /// Before iOS 13 / macOS 10.15 (no task-local values) `body` runs outside any scope.
    public func run<Result>(_ body: () throws -> Result) rethrows -> Result {
        #if TraceResources
        guard #available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *) else { return try body() }
        return try Self.$boundID.withValue(id) {
            try Self.$bound.withValue(self, operation: body)
        }
        #else
        return try body()
        #endif
    }

    /// Runs asynchronous `body` in this scope: the resources it, its child tasks and the
    /// tasks it creates allocate belong to the scope.
    ///
    /// - Parameters:
    ///   - isolation: The caller's actor isolation (filled in by the compiler).
    ///   - body: The scenario.
    /// - Returns: What `body` returns.
    @available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *)
    public func run<Result>(
        isolation: isolated (any Actor)? = #isolation,
        _ body: () async throws -> Result
    ) async rethrows -> Result {
        #if TraceResources
        return try await Self.$boundID.withValue(
            id,
            operation: {
                try await Self.$bound.withValue(self, operation: body, isolation: isolation)
            }, isolation: isolation)
        #else
        return try await body()
        #endif
    }

    /// The live resources of this scope (and of scopes nested in it), per type.
    ///
    /// - Parameter moment: When given, only resources allocated after it are counted.
    /// - Returns: The counts; empty without the trait.
    public func snapshot(allocatedAfter moment: AllocationMoment? = nil) -> ResourceSnapshot {
        #if TraceResources
        return SiteReporter.snapshot(scope: self, after: moment)
        #else
        return ResourceSnapshot(total: 0, types: [:])
        #endif
    }

    /// The allocation sites of this scope's live resources (and of scopes nested in it).
    ///
    /// - Parameter moment: When given, only resources allocated after it are reported.
    /// - Returns: The sites, largest first; empty without the trait.
    public func sites(allocatedAfter moment: AllocationMoment? = nil) -> AllocationSiteReport {
        AllocationSites.live(in: self, allocatedAfter: moment)
    }

    /// The scheduled work allocated in this scope (or in work it scheduled, at any depth) that
    /// is armed and has not yet run or been cancelled.
    ///
    /// Work a scheduler runs for the scope runs in the scope too: what a dispatch hop, a timer
    /// or an operation allocates belongs to the scope that scheduled it.
    ///
    /// - Parameter horizon: Items due within this time from now count as ``PendingWork/dueSoon``.
    /// - Returns: The counts; zero without the trait.
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    public func pendingWork(dueWithin horizon: Duration = .seconds(2)) -> PendingWork {
        let nanoseconds = horizon.components.seconds.multipliedReportingOverflow(by: 1_000_000_000)
        let limit = nanoseconds.overflow ? Int64.max : nanoseconds.partialValue &+ horizon.components.attoseconds / 1_000_000_000
        return pendingWork(dueWithinNanoseconds: limit)
    }

    /// ``pendingWork(dueWithin:)`` with the horizon in nanoseconds (`Int64.max`: everything
    /// pending is due soon), for the leak checks, which run on systems older than `Duration`.
    ///
    /// - Parameter horizon: Items due within this many nanoseconds from now are due soon.
    /// - Returns: The counts; zero without the trait.
    package func pendingWork(dueWithinNanoseconds horizon: Int64) -> PendingWork {
        #if TraceResources
        let scopes = ScopeRegistry.shared.scopeAndDescendants(id)
        let counts = PendingWorkRegistry.shared.pending(in: scopes, horizon: horizon)
        return PendingWork(dueSoon: counts.soon, dueLater: counts.later)
        #else
        return PendingWork(dueSoon: 0, dueLater: 0)
        #endif
    }

    /// The scope the calling code runs in, or `nil` (always `nil` without the trait).
    public static var current: ResourceScope? {
        #if TraceResources
        guard #available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *) else { return nil }
        return bound
        #else
        return nil
        #endif
    }

    #if TraceResources
    /// The scope the calling code runs in.
    @available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *)
    @TaskLocal static var bound: ResourceScope?
    /// Its id, bound alongside: the allocation hot path reads this one, so it never retains
    /// the scope object (which many threads would then contend on).
    @available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *)
    @TaskLocal static var boundID: UInt32 = 0

    /// The id of the scope the calling code runs in; 0 for none.
    static var currentID: UInt32 {
        guard #available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *) else { return 0 }
        return boundID
    }

    /// The scope new scheduled work belongs to: the current one while any scope is alive,
    /// else 0 without reading the task-local value.
    @inline(__always)
    static var idForScheduledWork: UInt32 {
        SiteTracking.flags & SiteTracking.scopesActive != 0 ? currentID : 0
    }

    /// Runs `body` in the scope with id `scopeID` (scheduled work running for its scope).
    @inline(__always)
    static func running<Result>(in scopeID: UInt32, _ body: () throws -> Result) rethrows -> Result {
        if scopeID == 0 { return try body() }
        guard #available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *) else { return try body() }
        return try $boundID.withValue(scopeID, operation: body)
    }
    #endif
}
