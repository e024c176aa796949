import Dispatch
import Foundation
import Observation
import TestSupport
import XCTest

@testable import RxCore

/// `rx.observeDriver` on the real main scheduler, driven by XCTest: its tests run on the main
/// thread and `wait(for:timeout:)` spins the main run loop, so the main queue drains.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
final class ObserveDriverTests: XCTestCase {
    @Observable final class Title: ReactiveCompatible {
        var text = "Draft"
    }

    func testTheDriverDeliversTheValueAndItsChangesOnTheMainThread() {
        let title = Title()
        var received: [String] = []
        var offMain = 0
        let changed = expectation(description: "the change arrived")
        let subscription = title.rx.observeDriver(\.text).drive(onNext: { text in
            if !Thread.isMainThread { offMain += 1 }
            received.append(text)
            if text == "Final" { changed.fulfill() }
        })
        title.text = "Final"
        wait(for: [changed], timeout: hangGuardSeconds)
        XCTAssertEqual(received, ["Draft", "Final"])
        XCTAssertEqual(offMain, 0)
        subscription.dispose()
    }
}
