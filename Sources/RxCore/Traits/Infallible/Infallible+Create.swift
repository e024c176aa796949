extension InfallibleType {
    /// The closure through which an ``Infallible``'s `create` delivers its events.
    public typealias InfallibleObserver = (InfallibleEvent<Element>) -> Void

    /// Creates an infallible from a closure that runs once per subscription.
    ///
    /// The closure receives an observer to call with `.next(element)` and `.completed`, and
    /// returns a disposable that cancels whatever it started. Events after the completion
    /// are ignored.
    ///
    /// - Parameter subscribe: The subscription logic.
    /// - Returns: An infallible that runs `subscribe` for each subscriber.
    public static func create(
        subscribe: @escaping (@escaping InfallibleObserver) -> Disposable
    ) -> Infallible<Element> {
        let source = Observable<Element>.create { observer in
            subscribe { event in
                switch event {
                case .next(let element):
                    observer.on(.next(element))
                case .completed:
                    observer.on(.completed)
                }
            }
        }
        return Infallible(source)
    }

    /// Returns an infallible that sends `element` and completes.
    ///
    /// - Parameter element: The element to send.
    /// - Returns: An infallible of one element.
    public static func just(_ element: Element) -> Infallible<Element> {
        Infallible(Observable.just(element))
    }

    /// Returns an infallible that sends `element`, through `scheduler`, and completes.
    ///
    /// - Parameters:
    ///   - element: The element to send.
    ///   - scheduler: Where the element and the completion are sent from.
    /// - Returns: An infallible of one element.
    public static func just(_ element: Element, scheduler: ImmediateSchedulerType) -> Infallible<Element> {
        Infallible(Observable.just(element, scheduler: scheduler))
    }

    /// Returns an infallible that sends `element` over and over, through `scheduler`, until
    /// it is disposed.
    ///
    /// - Parameters:
    ///   - element: The element to repeat.
    ///   - scheduler: Where the elements are sent from.
    /// - Returns: An endless infallible of `element`.
    public static func repeatElement(
        _ element: Element,
        scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance
    ) -> Infallible<Element> {
        Infallible(Observable.repeatElement(element, scheduler: scheduler))
    }

    /// Returns an infallible that sends `elements` in order and completes.
    ///
    /// - Parameters:
    ///   - elements: The elements to send.
    ///   - scheduler: Where the elements are sent from.
    /// - Returns: An infallible of `elements`.
    public static func of(
        _ elements: Element...,
        scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance
    ) -> Infallible<Element> {
        Infallible(Observable.from(elements, scheduler: scheduler))
    }

    /// Returns an infallible that sends the elements of `sequence` in order and completes.
    ///
    /// - Parameters:
    ///   - sequence: The elements to send.
    ///   - scheduler: Where the elements are sent from.
    /// - Returns: An infallible of the sequence's elements.
    public static func from<Sequence: Swift.Sequence>(
        _ sequence: Sequence,
        scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance
    ) -> Infallible<Element> where Sequence.Element == Element {
        Infallible(Observable.from(sequence, scheduler: scheduler))
    }

    /// Returns an infallible that sends the wrapped value, if any, and completes.
    ///
    /// - Parameter optional: The value to send, or `nil` to only complete.
    /// - Returns: An infallible of zero or one element.
    public static func from(optional: Element?) -> Infallible<Element> {
        Infallible(Observable.from(optional: optional))
    }

    /// Returns an infallible that completes as soon as it is subscribed.
    ///
    /// - Returns: An empty infallible.
    public static func empty() -> Infallible<Element> {
        Infallible(Observable.empty())
    }

    /// Returns an infallible that never sends any event.
    ///
    /// - Returns: An infallible that stays silent until it is disposed.
    public static func never() -> Infallible<Element> {
        Infallible(Observable.never())
    }

    /// Returns an infallible that calls `factory` at each subscription and subscribes to the
    /// infallible it returns.
    ///
    /// - Parameter factory: Makes the sequence for one subscriber.
    /// - Returns: An infallible whose subscribers each subscribe to a new sequence.
    public static func deferred(_ factory: @escaping () throws -> Infallible<Element>) -> Infallible<Element> {
        Infallible(Observable.deferred { try factory().asObservable() })
    }
}
