extension ObservableType {
    /// Returns a sequence built like a `for` loop: it emits the state while `condition`
    /// holds, advancing it with `iterate`, and then completes.
    ///
    /// Each step is a separate recursive action on `scheduler`. An error thrown by
    /// `condition` or `iterate` terminates the sequence with that error.
    ///
    /// ```swift
    /// _ = Observable.generate(initialState: 1, condition: { $0 < 20 }, iterate: { $0 * 3 })
    ///     .subscribe { print($0) }
    /// // next(1)
    /// // next(3)
    /// // next(9)
    /// // completed
    /// ```
    ///
    /// - Parameters:
    ///   - initialState: The first state, emitted if it satisfies `condition`.
    ///   - condition: Whether to emit the state and go on; `false` completes the sequence.
    ///   - scheduler: Where the elements are sent from.
    ///   - iterate: Computes the next state from the current one.
    /// - Returns: The sequence of states that satisfy `condition`.
    public static func generate(
        initialState: Element,
        condition: @escaping (Element) throws -> Bool,
        scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance,
        iterate: @escaping (Element) throws -> Element
    ) -> Observable<Element> {
        Generate(initialState: initialState, condition: condition, iterate: iterate, scheduler: scheduler)
    }
}

/// The observable behind ``ObservableType/generate(initialState:condition:scheduler:iterate:)``.
private final class Generate<Element>: Producer<Element> {
    let initialState: Element
    let condition: (Element) throws -> Bool
    let iterate: (Element) throws -> Element
    let scheduler: ImmediateSchedulerType

    init(
        initialState: Element,
        condition: @escaping (Element) throws -> Bool,
        iterate: @escaping (Element) throws -> Element,
        scheduler: ImmediateSchedulerType
    ) {
        self.initialState = initialState
        self.condition = condition
        self.iterate = iterate
        self.scheduler = scheduler
    }

    override func run<Observer: ObserverType>(
        _ observer: Observer,
        cancel: Cancelable
    ) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = GenerateSink(parent: self, observer: observer, cancel: cancel)
        let subscription = sink.run()
        return (sink: sink, subscription: subscription)
    }
}

private final class GenerateSink<Observer: ObserverType>: Sink<Observer> {
    typealias Element = Observer.Element

    private let parent: Generate<Element>
    /// The current state; only the recursive steps touch it, one at a time.
    private var state: Element

    init(parent: Generate<Element>, observer: Observer, cancel: Cancelable) {
        self.parent = parent
        self.state = parent.initialState
        super.init(observer: observer, cancel: cancel)
    }

    func run() -> Disposable {
        // The recursion's state says whether this is the first step, which must not iterate.
        parent.scheduler.scheduleRecursive(true) { isFirst, recurse in
            do {
                if !isFirst {
                    self.state = try self.parent.iterate(self.state)
                }
                if try self.parent.condition(self.state) {
                    self.forwardOn(.next(self.state))
                    recurse(false)
                } else {
                    self.forwardOn(.completed)
                    self.dispose()
                }
            } catch {
                self.forwardOn(.error(error))
                self.dispose()
            }
        }
    }
}
