import Testing

/// Swift Testing's time limit of `minutes` where the system has its clock API (macOS 13 /
/// iOS 16), and no limit before: `.timeLimit` needs that system, above the macOS 10.15 that
/// SwiftPM builds test targets for. A stuck test still fails on its waits' hang guard.
public func hangTimeLimit(minutes: Int) -> any TestTrait & SuiteTrait {
    if #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *) {
        return TimeLimitTrait.timeLimit(.minutes(minutes))
    }
    return NoTimeLimit()
}

/// The trait that stands for a time limit on a system without Swift Testing's clock API.
private struct NoTimeLimit: TestTrait, SuiteTrait {}
