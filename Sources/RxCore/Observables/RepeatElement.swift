extension ObservableType {
    /// Returns a sequence that emits the same element again and again, without end.
    ///
    /// Each repetition is a separate recursive action on `scheduler`, so the stack does not
    /// grow; the sequence stops only when the subscription is disposed (for example by
    /// `take`).
    ///
    /// ```swift
    /// _ = Observable.repeatElement("ping").take(2).subscribe { print($0) }
    /// // next(ping)
    /// // next(ping)
    /// // completed
    /// ```
    ///
    /// - Parameters:
    ///   - element: The element to repeat.
    ///   - scheduler: Where the elements are sent from.
    /// - Returns: An infinite sequence of `element`.
    public static func repeatElement(
        _ element: Element,
        scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance
    ) -> Observable<Element> {
        RepeatElement(element: element, scheduler: scheduler)
    }
}

/// The observable behind ``ObservableType/repeatElement(_:scheduler:)``.
private final class RepeatElement<Element>: Producer<Element> {
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
        let sink = RepeatElementSink(observer: observer, cancel: cancel)
        let subscription = sink.run(self)
        return (sink: sink, subscription: subscription)
    }
}

private final class RepeatElementSink<Observer: ObserverType>: Sink<Observer> {
    func run(_ parent: RepeatElement<Observer.Element>) -> Disposable {
        parent.scheduler.scheduleRecursive(parent.element) { element, recurse in
            self.forwardOn(.next(element))
            recurse(element)
        }
    }
}
