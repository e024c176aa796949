/// Returns a closure that calls `handler` with `object` and its argument while `object` is
/// alive, and does nothing once it is gone: the closures of the `subscribe(with:)` forms,
/// which must not keep the object alive.
///
/// The result is never `nil`, even for a `nil` handler, as in RxSwift: an error handler bound
/// to an object counts as handling the error.
///
/// - Parameters:
///   - object: The object passed to `handler`, held weakly.
///   - handler: The closure to call, if any.
/// - Returns: The closure to subscribe.
func weakHandler<Object: AnyObject, Value>(
    _ object: Object,
    _ handler: ((Object, Value) -> Void)?
) -> (Value) -> Void {
    { [weak object] value in
        guard let object else { return }
        handler?(object, value)
    }
}

/// The `weakHandler(_:_:)` of a handler that takes only the object.
///
/// - Parameters:
///   - object: The object passed to `handler`, held weakly.
///   - handler: The closure to call, if any.
/// - Returns: The closure to subscribe.
func weakHandler<Object: AnyObject>(_ object: Object, _ handler: ((Object) -> Void)?) -> () -> Void {
    { [weak object] in
        guard let object else { return }
        handler?(object)
    }
}
