import CRxTrace

/// Names the line of user code behind the resources an API call allocates, without a backtrace.
///
/// API entry points such as `subscribe`, `bind`, `drive` and `debug` take
/// `#fileID` and `#line` as default arguments and run their work inside
/// ``withCallSite(file:line:_:)-(StaticString,_,_)``: every resource allocated during the call,
/// on the calling thread, remembers that line, so a leak report can name it even with
/// backtraces off.
///
/// The outermost call site wins: when one API call runs another inside it, the resources
/// remember the user's line, not the library's. Call sites are only recorded while tracking is
/// on (a level other than ``AllocationSiteMode/off``, or an active ``ResourceScope``); otherwise
/// ``withCallSite(file:line:_:)-(StaticString,_,_)`` costs one load and a branch. Without the
/// `TraceResources` trait it only runs `body`.
public enum ResourceSites {
    /// Whether ``withCallSite(file:line:_:)-(StaticString,_,_)`` would record anything now:
    /// one relaxed load with the trait, a constant `false` without. Inlined entry points test
    /// it first, so that their common path builds no closure.
    @inlinable @inline(__always)
    static var recordsCallSites: Bool {
        #if TraceResources
        return SiteTracking.flags != 0
        #else
        return false
        #endif
    }

    /// Runs `body` with `file:line` as the current call site of this thread.
    ///
    /// - Parameters:
    ///   - file: The caller's `#fileID`, such as `MyApp/LoginViewModel.swift`.
    ///   - line: The caller's line.
    ///   - body: The work whose resources belong to that line.
    /// - Returns: What `body` returns.
    ///
    /// Inlinable, so that the inlined `subscribe(onNext:…)` of a caller's module runs `body`
    /// directly instead of through an unspecialized generic call.
    @inlinable @inline(__always)
    public static func withCallSite<Result>(
        file: StaticString = #fileID,
        line: UInt = #line,
        _ body: () throws -> Result
    ) rethrows -> Result {
        #if TraceResources
        if SiteTracking.flags != 0 {
            return try withCallSiteTracked(file: file, line: line, body)
        }
        #endif
        return try body()
    }

    /// Runs `body` as the entry point of a subscription made at `file:line`: the core's
    /// `subscribe`, `bind`, `drive` and `emit` forms.
    ///
    /// Like ``withCallSite(file:line:_:)-(StaticString,_,_)``, and every resource allocated
    /// during the call also remembers which subscription it was made for, so a leak report can
    /// show one finding per retained subscription. An entry point running inside another one
    /// from user code (a `subscribe` inside a `create` closure) is a nested subscription of the
    /// outer one: its resources remember its own line and the outer one's.
    ///
    /// - Parameters:
    ///   - file: The caller's `#fileID`.
    ///   - line: The caller's line.
    ///   - tookClosure: Whether the entry point took a user closure, which can capture its
    ///     owner (`subscribe(onNext:)`), rather than a target (`bind(to:)` a relay).
    ///   - body: The work whose resources belong to that subscription.
    /// - Returns: What `body` returns.
    @inlinable @inline(__always)
    static func withSubscriptionSite(
        file: StaticString,
        line: UInt,
        tookClosure: Bool,
        _ body: () -> Disposable
    ) -> Disposable {
        #if TraceResources
        if SiteTracking.flags != 0 {
            return withSubscriptionSiteTracked(file: file, line: line, tookClosure: tookClosure, body)
        }
        #endif
        return body()
    }

    /// Runs `body` with `file:line` as the current call site of this thread, for callers that
    /// hold the file name as a `String` (as `debug()` does).
    ///
    /// - Parameters:
    ///   - file: The caller's `#fileID`.
    ///   - line: The caller's line.
    ///   - body: The work whose resources belong to that line.
    /// - Returns: What `body` returns.
    @inline(__always)
    public static func withCallSite<Result>(
        file: String,
        line: UInt,
        _ body: () throws -> Result
    ) rethrows -> Result {
        #if TraceResources
        if SiteTracking.flags != 0 {
            return try withCallSiteTracked(file: file, line: line, body)
        }
        #endif
        return try body()
    }

    /// The calling thread's current call site as `file:line`, or `nil` when none is set (always
    /// `nil` without the trait).
    public static var currentCallSite: String? {
        #if TraceResources
        guard let state = ThreadSiteState.existing, state.pointee.hasCallSite else { return nil }
        let file =
            state.pointee.stringFile != 0
            ? CallSiteTable.shared.fileName(of: state.pointee.stringFile)
            : state.pointee.staticFile.description
        return "\(file):\(state.pointee.line)"
        #else
        return nil
        #endif
    }

    #if TraceResources
    /// The `#fileID` prefix of the core's own files: an API entry point that the core itself
    /// calls (a `bind` that subscribes) names no call site, so the user's line (or the
    /// backtrace) stays the one reports show.
    private static let libraryPrefix = "RxCore/"

    private static func isLibraryFile(_ file: StaticString) -> Bool {
        guard file.hasPointerRepresentation, file.utf8CodeUnitCount >= libraryPrefix.utf8.count else { return false }
        let bytes = UnsafeBufferPointer(start: file.utf8Start, count: libraryPrefix.utf8.count)
        return bytes.elementsEqual(libraryPrefix.utf8)
    }

    @usableFromInline @inline(never)
    static func withCallSiteTracked<Result>(
        file: StaticString,
        line: UInt,
        _ body: () throws -> Result
    ) rethrows -> Result {
        SiteTracking.configureFromEnvironment()
        let state = ThreadSiteState.current
        guard !state.pointee.hasCallSite, line != 0, !isLibraryFile(file) else { return try body() }
        state.pointee.staticFile = file
        state.pointee.stringFile = 0
        state.pointee.line = line
        state.pointee.callSite = 0
        defer { state.pointee.line = 0 }
        return try body()
    }

    @usableFromInline @inline(never)
    static func withSubscriptionSiteTracked(
        file: StaticString,
        line: UInt,
        tookClosure: Bool,
        _ body: () -> Disposable
    ) -> Disposable {
        SiteTracking.configureFromEnvironment()
        let state = ThreadSiteState.current
        guard line != 0, !isLibraryFile(file) else { return body() }
        guard state.pointee.hasCallSite else {
            state.pointee.staticFile = file
            state.pointee.stringFile = 0
            state.pointee.line = line
            state.pointee.callSite = 0
            state.pointee.subscriptionOpen = true
            state.pointee.subscription = 0
            state.pointee.subscriptionTookClosure = tookClosure
            state.pointee.nestedDepth = 0
            state.pointee.madeNested = false
            defer {
                state.pointee.line = 0
                state.pointee.subscriptionOpen = false
                state.pointee.subscription = 0
            }
            let subscription = body()
            // A subscription that made a nested one tells when it is disposed, so a report can
            // tell which of the two was never disposed.
            guard state.pointee.madeNested, state.pointee.subscription != 0 else { return subscription }
            return NestedSubscriptionHandle(subscription, id: state.pointee.subscription)
        }
        // Inside a call site that is no subscription (`debug`, a user's own `withCallSite`):
        // the outermost line wins, as for every call site.
        guard state.pointee.subscriptionOpen else { return body() }
        let current = state.pointee
        let sameCall =
            current.stringFile == 0 && current.line == line && current.staticFile.hasPointerRepresentation
            && file.hasPointerRepresentation && current.staticFile.utf8Start == file.utf8Start
        if sameCall {
            // One entry point forwarding to another with the caller's line (`bind(to:)` to
            // `subscribe`): the outermost one said whether the user handed it a closure.
            return body()
        }
        // A nested subscription: its resources remember its line, and the outer one's.
        if current.nestedDepth == 0 {
            state.pointee.rootCallSite = state.pointee.callSiteID()
        }
        _ = state.pointee.subscriptionID()
        state.pointee.madeNested = true
        let saved = (state.pointee.staticFile, state.pointee.stringFile, state.pointee.line, state.pointee.callSite)
        state.pointee.staticFile = file
        state.pointee.stringFile = 0
        state.pointee.line = line
        state.pointee.callSite = 0
        state.pointee.nestedDepth += 1
        defer {
            (state.pointee.staticFile, state.pointee.stringFile, state.pointee.line, state.pointee.callSite) = saved
            state.pointee.nestedDepth -= 1
        }
        return body()
    }

    @inline(never)
    private static func withCallSiteTracked<Result>(
        file: String,
        line: UInt,
        _ body: () throws -> Result
    ) rethrows -> Result {
        SiteTracking.configureFromEnvironment()
        let state = ThreadSiteState.current
        guard !state.pointee.hasCallSite, line != 0, !file.hasPrefix(libraryPrefix) else { return try body() }
        state.pointee.stringFile = CallSiteTable.shared.internFile(file)
        state.pointee.line = line
        state.pointee.callSite = 0
        defer {
            state.pointee.line = 0
            state.pointee.stringFile = 0
        }
        return try body()
    }
    #endif
}
