extension ObservableType {
    /// Returns a sequence that emits one element and then completes.
    ///
    /// Both events are delivered synchronously, during `subscribe`.
    ///
    /// ```swift
    /// _ = Observable.just(42).subscribe { print($0) }
    /// // next(42)
    /// // completed
    /// ```
    ///
    /// - Parameter element: The single element.
    /// - Returns: A sequence of exactly `element`.
    @inlinable
    public static func just(_ element: Element) -> Observable<Element> {
        // Inlinable: a caller that knows `Element` finds `Just`'s type in its own cache instead
        // of asking the runtime for it on every call.
        Just(element: element)
    }

    /// Returns a sequence that emits one element and then completes, both on `scheduler`.
    ///
    /// The element and the completion are two separate scheduled actions, so on a virtual-time
    /// scheduler they arrive one tick apart.
    ///
    /// ```swift
    /// _ = Observable.just("hi", scheduler: CurrentThreadScheduler.instance)
    ///     .subscribe { print($0) }
    /// // next(hi)
    /// // completed
    /// ```
    ///
    /// - Parameters:
    ///   - element: The single element.
    ///   - scheduler: Where the events are sent from.
    /// - Returns: A sequence of exactly `element`, delivered on `scheduler`.
    public static func just(_ element: Element, scheduler: ImmediateSchedulerType) -> Observable<Element> {
        JustScheduled(element: element, scheduler: scheduler)
    }
}

/// The observable behind ``ObservableType/just(_:)``: no sink, no trampoline.
@usableFromInline
final class Just<Element>: Producer<Element> {
    /// The one element, read directly by `flatMap`'s inner fast path.
    let element: Element

    @usableFromInline
    init(element: Element) {
        self.element = element
    }

    override var isSynchronousJust: Bool {
        true
    }

    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        // Neither event is built as an `Event` (see `ObserverType._onNext`, `_onCompleted`).
        observer._onNext(element)
        observer._onCompleted()
        return Disposables.create()
    }
}

/// The observable behind ``ObservableType/just(_:scheduler:)``.
private final class JustScheduled<Element>: Producer<Element> {
    let element: Element
    let scheduler: ImmediateSchedulerType

    init(element: Element, scheduler: ImmediateSchedulerType) {
        self.element = element
        self.scheduler = scheduler
    }

    override func run<Observer: ObserverType>(
        _ observer: Observer,
        cancel: Cancelable
    ) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = JustScheduledSink(observer: observer, cancel: cancel)
        let subscription = sink.run(self)
        return (sink: sink, subscription: subscription)
    }
}

private final class JustScheduledSink<Observer: ObserverType>: Sink<Observer> {
    func run(_ parent: JustScheduled<Observer.Element>) -> Disposable {
        let scheduler = parent.scheduler
        return scheduler.schedule(parent.element) { element in
            self.forwardOn(.next(element))
            return scheduler.schedule(()) { _ in
                self.forwardOn(.completed)
                self.dispose()
                return Disposables.create()
            }
        }
    }
}
