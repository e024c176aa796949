/// An observer that applies each element to a target object on a scheduler: the usual end
/// of a binding to the user interface.
///
/// A binder holds its target weakly: elements that arrive after the target is gone are
/// dropped. It never fails: an error sent to it stops the program in debug builds (a
/// binding must not fail; handle errors upstream, for example with ``Infallible``), and is
/// handed to ``Hooks/defaultErrorHandler`` in release builds. A completion is ignored.
///
/// ```swift
/// final class Label {
///     var text = ""
/// }
///
/// let label = Label()
/// let text = Binder(label) { label, value in label.text = value }
/// _ = Observable.just("Hello").bind(to: text)   // label.text == "Hello" on the main queue
/// ```
public struct Binder<Value>: ObserverType {
    /// The type of the elements the binder receives.
    public typealias Element = Value

    private let binding: (Event<Value>) -> Void

    /// Creates a binder that calls `binding` with the target and each element, on
    /// `scheduler`.
    ///
    /// - Parameters:
    ///   - target: The object the binding acts on, held weakly.
    ///   - scheduler: Where `binding` runs; the main scheduler by default.
    ///   - binding: Applies one element to the target.
    public init<Target: AnyObject>(
        _ target: Target,
        scheduler: ImmediateSchedulerType = MainScheduler.instance,
        binding: @escaping (Target, Value) -> Void
    ) {
        self.binding = { [weak target] event in
            switch event {
            case .next(let element):
                _ = scheduler.schedule(element) { [weak target] element in
                    if let target {
                        binding(target, element)
                    }
                    return Disposables.create()
                }
            case .error(let error):
                reportBindingError("Binding error: \(error)", error: error, file: #fileID, line: #line)
            case .completed:
                break
            }
        }
    }

    /// Applies a `next` element to the target on the binder's scheduler; ignores the
    /// completion; an error stops the program in debug builds.
    ///
    /// - Parameter event: The event.
    public func on(_ event: Event<Value>) {
        binding(event)
    }

    /// Erases the binder to an ``AnyObserver``.
    ///
    /// - Returns: An observer that forwards to this binder.
    public func asObserver() -> AnyObserver<Value> {
        AnyObserver(eventHandler: on)
    }
}
