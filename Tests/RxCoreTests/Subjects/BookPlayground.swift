import RxCore
import TestSupport

/// Collects what the book's playground examples print, so tests can compare it line by line.
final class PlaygroundConsole: Sendable {
    private let output = Locked<String>("")

    func write(_ text: String) {
        output.withLock { $0 += text }
    }

    /// The printed lines, as a console shows them (the final newline ends the last line).
    var lines: [String] {
        var lines = output.withLock { $0 }.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" {
            lines.removeLast()
        }
        return lines
    }
}

/// The helpers of the book's playground (chapters 2 and 3), printing into `console`.
///
/// A test suite that adopts it can run the book's examples verbatim: inside the suite,
/// `print`, `example(of:)` and `print(label:event:)` resolve to these members instead of
/// the standard library's `print`.
protocol BookPlayground {
    var console: PlaygroundConsole { get }
}

extension BookPlayground {
    /// Prints like `Swift.print`: the items' descriptions joined by `separator`.
    func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
        console.write(items.map { String(describing: $0) }.joined(separator: separator) + terminator)
    }

    /// The book's `example(of:action:)` (chapter 2, SupportCode.swift).
    func example(of description: String, action: () -> Void) {
        print("\n--- Example of:", description, "---")
        action()
    }

    /// The book's `print(label:event:)` (chapter 3): the element, else the error, else the event.
    func print<T: CustomStringConvertible>(label: String, event: Event<T>) {
        print(label, (event.element ?? event.error) ?? event)
    }
}

/// The book's error type for the chapter 3 examples.
enum MyError: Error {
    case anError
}
