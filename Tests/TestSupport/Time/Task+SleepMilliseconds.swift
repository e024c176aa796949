@available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *)
extension Task where Success == Never, Failure == Never {
    /// Suspends the task for `milliseconds`, on `sleep(nanoseconds:)`: `sleep(for:)` takes a
    /// `Duration`, which needs macOS 13 / iOS 16, above what SwiftPM builds test targets for.
    public static func sleep(milliseconds: Int) async throws {
        try await sleep(nanoseconds: UInt64(max(milliseconds, 0)) * 1_000_000)
    }
}
