/// Reports an error that reached a binding, which must never fail.
///
/// As in RxSwift, debug builds stop the program with `message`, pointing at the binding's
/// call site. Release builds keep running and hand the error to
/// ``Hooks/defaultErrorHandler`` with the call site as the first line of the call stack.
func reportBindingError(
    _ message: @autoclosure () -> String,
    error: Swift.Error,
    file: StaticString,
    line: UInt
) {
    #if DEBUG
    fatalError(message(), file: file, line: line)
    #else
    Hooks.defaultErrorHandler(["\(file):\(line)"], error)
    #endif
}
