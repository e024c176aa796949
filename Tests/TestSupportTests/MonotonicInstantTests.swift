import TestSupport
import Testing

/// The tests' floor-safe clock: deadlines and elapsed times on `DispatchTime`.
@Suite("MonotonicInstant")
struct MonotonicInstantTests {
    @Test("a deadline in the future has not passed, one in the past has")
    func deadlines() {
        #expect(!MonotonicInstant.after(seconds: 600).hasPassed)
        #expect(MonotonicInstant.after(seconds: -1).hasPassed)
        #expect(MonotonicInstant.after(seconds: 0).hasPassed)
    }

    @Test("seconds between instants follow the clock and keep their sign")
    func secondsBetween() async throws {
        let start = MonotonicInstant.now
        try await Task.sleep(milliseconds: 20)
        let end = MonotonicInstant.now
        #expect(start < end)
        #expect(start.seconds(to: end) >= 0.019)
        #expect(end.seconds(to: start) == -start.seconds(to: end))
        #expect(abs(start.advanced(bySeconds: 1.5).seconds(to: start) + 1.5) < 1e-6)
    }
}
