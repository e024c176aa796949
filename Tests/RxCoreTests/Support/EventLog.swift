import RxCore
import TestSupport

/// Collects the events an observer receives, safely from any thread.
final class EventLog<Element: Sendable>: ObserverType, Sendable {
    private let storage = Locked<[Event<Element>]>([])

    var events: [Event<Element>] {
        storage.withLock { $0 }
    }

    func on(_ event: Event<Element>) {
        storage.withLock { $0.append(event) }
    }
}

/// A thread-safe list of strings, for recording the order in which things happen.
final class Journal: Sendable {
    private let storage = Locked<[String]>([])

    var entries: [String] {
        storage.withLock { $0 }
    }

    func record(_ entry: String) {
        storage.withLock { $0.append(entry) }
    }
}

/// Subscribes to `source` and returns the events it delivers synchronously.
func synchronousEvents<Source: ObservableConvertibleType>(_ source: Source) -> [Event<Source.Element>] where Source.Element: Sendable {
    let log = EventLog<Source.Element>()
    let subscription = source.asObservable().subscribe(log)
    subscription.dispose()
    return log.events
}
