import RxCore
import RxTest
import TestSupport
import Testing

/// RxSwift's `from(priority:detached:_:)` on every trait: a plain task inherits the subscriber's
/// task-local values, a detached one does not, and both run at the priority asked for. Older
/// call sites (`Single.from { … }`) compile unchanged through the defaults.
@Suite("from(priority:detached:) on Single, Maybe, Completable, Infallible, Driver and Signal", .resourceBalanced, .offPool)
struct TraitFromAsyncTests {
    /// A task-local the closures read: "outer" when the task inherited the subscriber's values.
    private enum Context {
        @TaskLocal static var tag = "none"
    }

    /// What a closure saw: the task-local and its task's base priority.
    private struct Seen: Equatable {
        let tag: String
        let priority: TaskPriority

        static var current: Seen { Seen(tag: Context.tag, priority: Task.currentPriority) }
    }

    /// The elements of a stream of values, subscribed from inside `Context.tag = "outer"`.
    private func elements<Element: Sendable>(_ values: () -> AsyncStream<Element>) async -> [Element] {
        await Context.$tag.withValue("outer") {
            var received: [Element] = []
            for await element in values() { received.append(element) }
            return received
        }
    }

    @Test("Single: a plain task inherits task-locals, a detached one does not; both take the priority")
    func single() async throws {
        let plain = try await Context.$tag.withValue("outer") { try await Single.from(priority: .low) { Seen.current }.value }
        #expect(plain == Seen(tag: "outer", priority: .low))
        let detached = try await Context.$tag.withValue("outer") {
            try await Single.from(priority: .low, detached: true) { Seen.current }.value
        }
        #expect(detached == Seen(tag: "none", priority: .low))
        // RxSwift's older spelling still reads the same way.
        #expect(try await Single.from { 42 }.value == 42)
    }

    @Test("Maybe: the same choices, and a nil closure completes empty")
    func maybe() async throws {
        let detached = try await Context.$tag.withValue("outer") {
            try await Maybe.from(priority: .low, detached: true) { Seen.current }.value
        }
        #expect(detached == Seen(tag: "none", priority: .low))
        let plain = try await Context.$tag.withValue("outer") { try await Maybe.from(detached: false) { Context.tag }.value }
        #expect(plain == "outer")
        #expect(try await Maybe<Int>.from(priority: .high, detached: true, nil).value == nil)
    }

    @Test("Completable: the closure runs in the task asked for, and its error fails the completable")
    func completable() async throws {
        let seen = Locked<Seen?>(nil)
        try await Context.$tag.withValue("outer") {
            try await Completable.from(priority: .low, detached: true) { seen.withLock { $0 = Seen.current } }.value
        }
        #expect(seen.withLock { $0 } == Seen(tag: "none", priority: .low))
        await #expect(throws: TestError.self) {
            try await Completable.from(detached: true) { throw testError }.value
        }
    }

    @Test("Infallible: asynchronous and synchronous closures both take the task's options")
    func infallible() async {
        #expect(await elements { Infallible.from(priority: .low) { Seen.current }.values } == [Seen(tag: "outer", priority: .low)])
        #expect(await elements { Infallible.from(detached: true) { () async in Context.tag }.values } == ["none"])
        // The synchronous closure form (which keeps `from { "Hello" }` from meaning
        // `from(optional:)`) runs in the same task.
        #expect(
            await elements { Infallible.from(priority: .low, detached: true) { Seen.current }.values } == [
                Seen(tag: "none", priority: .low)
            ])
        #expect(await elements { Infallible.from { "Hello" }.values } == ["Hello"])
    }

    @Test("Driver and Signal: the options reach the task behind every error policy")
    func sharedSequences() async {
        let driver = Driver.from(priority: .low, detached: true, { Context.tag }, onErrorJustReturn: "fallback")
        #expect(await elements { driver.values } == ["none"])
        let driverPlain = Driver.from({ Context.tag }, onErrorDriveWith: .just("fallback"))
        #expect(await elements { driverPlain.values } == ["outer"])
        let signal = Signal.from(detached: true, { throw testError }, onErrorRecover: { _ in .just("recovered") })
        #expect(await elements { signal.values } == ["recovered"])
        let signalPlain = Signal.from(
            priority: .low, { Seen.current.priority == .low ? Context.tag : "wrong priority" }, onErrorSignalWith: .empty())
        #expect(await elements { signalPlain.values } == ["outer"])
    }
}
