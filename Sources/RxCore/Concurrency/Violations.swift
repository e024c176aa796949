/// Stops on a call to a method that a subclass must override.
func rxAbstractMethod(file: StaticString = #file, line: UInt = #line) -> Never {
    fatalError("Abstract method: a subclass must override it", file: file, line: line)
}

/// Stops on a broken internal invariant, naming it.
func rxFatalError(_ message: @autoclosure () -> String, file: StaticString = #file, line: UInt = #line) -> Never {
    fatalError(message(), file: file, line: line)
}
