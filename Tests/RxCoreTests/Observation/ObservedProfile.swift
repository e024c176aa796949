import Foundation
import Observation
import RxCore
import TestSupport

/// The `@Observable` model of the `rx.observe` suites: two stored properties, and a computed
/// one that counts its reads so a test can tell that a disposed observation reads no more.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@Observable final class ObservedProfile: ReactiveCompatible {
    var name = "Ada"
    var age = 36
    /// How often ``loudName`` was read.
    @ObservationIgnored var loudNameReads = 0

    /// A computed property: tracking goes through to `name`.
    var loudName: String {
        loudNameReads += 1
        return name.uppercased()
    }
}

/// Polls `condition` on the calling thread, for work other threads finish; returns whether it
/// held before the hang guard passed. Callers are `.offPool`: this blocks while it waits.
func pollUntil(_ condition: () -> Bool) -> Bool {
    let deadline = MonotonicInstant.after(seconds: hangGuardSeconds)
    while !condition() {
        if deadline.hasPassed { return false }
        Thread.sleep(forTimeInterval: 0.002)
    }
    return true
}
