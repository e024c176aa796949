import RxCore
import Testing

/// Helpers shared by the creation operator tests.
enum CreationSupport {
    /// The error the tests throw and expect back.
    enum Failure: Error, Equatable {
        case boom
        case other
    }

    /// Runs `scenario` and, with the `TraceResources` trait, expects `Resources.total` to be
    /// back at its starting value afterwards.
    ///
    /// As swift-nio's allocation tests do, one warm-up run is thrown away (it may create
    /// lazily made shared objects), then the scenario runs until one run leaves the total
    /// unchanged, at most five times. A leak shows in every run; another test allocating in
    /// parallel only disturbs some. Run the trait pass with `--no-parallel` for a strict check.
    static func expectNoLeaks(
        sourceLocation: SourceLocation = #_sourceLocation,
        _ scenario: () throws -> Void
    ) rethrows {
        try scenario()
        guard Resources.isEnabled else { return }
        var deltas: [Int32] = []
        for _ in 0..<5 {
            let before = Resources.total
            try scenario()
            let delta = Resources.total - before
            if delta == 0 { return }
            deltas.append(delta)
        }
        Issue.record("Resources.total did not return to its starting value; changes per run: \(deltas)", sourceLocation: sourceLocation)
    }

    /// Subscribes to `source` and returns every event it delivers synchronously, plus the
    /// subscription (already disposed when the sequence terminated).
    static func events<Element>(of source: Observable<Element>) -> (events: [Event<Element>], subscription: Disposable) {
        let log = EventLog<Element>()
        let subscription = source.subscribe { log.events.append($0) }
        return (log.events, subscription)
    }

    /// The events one subscription received, in order.
    final class EventLog<Element> {
        var events: [Event<Element>] = []
    }

    /// A resource for `using` that counts how often it is disposed and logs when.
    final class Resource: Disposable {
        private(set) var disposeCount = 0
        private let onDispose: () -> Void

        init(onDispose: @escaping () -> Void = {}) {
            self.onDispose = onDispose
        }

        func dispose() {
            disposeCount += 1
            onDispose()
        }
    }

    /// Captures what the book's examples print, so their output can be compared with the text.
    final class Console {
        private(set) var text = ""

        /// Writes as `Swift.print` would.
        func write(_ items: [Any], separator: String = " ", terminator: String = "\n") {
            text += items.map { String(describing: $0) }.joined(separator: separator) + terminator
        }

        /// The book's `example(of:action:)` helper, printing into the console.
        func example(of description: String, action: () -> Void) {
            write(["\n--- Example of:", description, "---"])
            action()
        }
    }
}
