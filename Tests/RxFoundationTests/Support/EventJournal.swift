import Foundation
import RxCore

/// The events a subscriber received, from any thread.
final class EventJournal<Element>: @unchecked Sendable {
    // @unchecked: every access to `events` holds `lock` (NSLock, which the thread sanitizer sees).
    private let lock = NSLock()
    private var events: [Event<Element>] = []

    /// Notes one event.
    func record(_ event: Event<Element>) {
        lock.lock()
        defer { lock.unlock() }
        events.append(event)
    }

    /// How many events arrived.
    var count: Int { all.count }

    /// The events so far.
    var all: [Event<Element>] {
        lock.lock()
        defer { lock.unlock() }
        return events
    }
}
