extension ObservableType {
    /// Returns a sequence that emits the elements of an array, in order, and then completes.
    ///
    /// Each element is a separate recursive action on `scheduler`. On the default
    /// ``CurrentThreadScheduler`` a sequence subscribed from inside another subscription
    /// takes turns with it instead of running to the end first.
    ///
    /// ```swift
    /// _ = Observable.from([1, 2, 3]).subscribe(onNext: { print($0) })
    /// // 1
    /// // 2
    /// // 3
    /// ```
    ///
    /// - Parameters:
    ///   - array: The elements to emit.
    ///   - scheduler: Where the elements are sent from.
    /// - Returns: A sequence of the array's elements.
    public static func from(
        _ array: [Element],
        scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance
    ) -> Observable<Element> {
        ObservableSequence(elements: array, scheduler: scheduler)
    }

    /// Returns a sequence that emits the elements of any Swift sequence, in order, and then
    /// completes.
    ///
    /// A new iterator is made for each subscription, so a sequence that can be iterated only
    /// once can be subscribed only once.
    ///
    /// ```swift
    /// _ = Observable.from(stride(from: 0, to: 9, by: 4)).subscribe(onNext: { print($0) })
    /// // 0
    /// // 4
    /// // 8
    /// ```
    ///
    /// - Parameters:
    ///   - sequence: The elements to emit.
    ///   - scheduler: Where the elements are sent from.
    /// - Returns: A sequence of the sequence's elements.
    public static func from<Sequence: Swift.Sequence>(
        _ sequence: Sequence,
        scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance
    ) -> Observable<Element> where Sequence.Element == Element {
        ObservableSequence(elements: sequence, scheduler: scheduler)
    }
}

/// The observable behind `from` and `of`: walks a Swift sequence, one recursive action per
/// element, passing the iterator on as the recursion's state.
final class ObservableSequence<Elements: Sequence>: Producer<Elements.Element> {
    let elements: Elements
    let scheduler: ImmediateSchedulerType

    init(elements: Elements, scheduler: ImmediateSchedulerType) {
        self.elements = elements
        self.scheduler = scheduler
    }

    override func run<Observer: ObserverType>(
        _ observer: Observer,
        cancel: Cancelable
    ) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = ObservableSequenceSink<Elements, Observer>(observer: observer, cancel: cancel)
        let subscription = sink.run(self)
        return (sink: sink, subscription: subscription)
    }
}

private final class ObservableSequenceSink<Elements: Sequence, Observer: ObserverType>: Sink<Observer>
where Elements.Element == Observer.Element {
    func run(_ parent: ObservableSequence<Elements>) -> Disposable {
        parent.scheduler.scheduleRecursive(parent.elements.makeIterator()) { iterator, recurse in
            var iterator = iterator
            if let element = iterator.next() {
                self.forwardOn(.next(element))
                recurse(iterator)
            } else {
                self.forwardOn(.completed)
                self.dispose()
            }
        }
    }
}
