extension ObservableType where Element: RxAbstractInteger {
    /// Returns a sequence of `count` consecutive integers starting at `start`, then completes.
    ///
    /// Each number is a separate recursive action on `scheduler`. A negative `count`, or a
    /// range whose last number does not fit in `Element`, is a programming error and stops
    /// the program when the sequence is made.
    ///
    /// ```swift
    /// _ = Observable<Int>.range(start: 1, count: 3).subscribe { print($0) }
    /// // next(1)
    /// // next(2)
    /// // next(3)
    /// // completed
    /// ```
    ///
    /// - Parameters:
    ///   - start: The first number.
    ///   - count: How many numbers to emit; zero gives a sequence that only completes.
    ///   - scheduler: Where the numbers are sent from.
    /// - Returns: The sequence `start, start + 1, ..., start + count - 1`.
    public static func range(
        start: Element,
        count: Element,
        scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance
    ) -> Observable<Element> {
        RangeProducer(start: start, count: count, scheduler: scheduler)
    }
}

/// The observable behind ``ObservableType/range(start:count:scheduler:)``.
private final class RangeProducer<Element: RxAbstractInteger>: Producer<Element> {
    let start: Element
    let count: Element
    let scheduler: ImmediateSchedulerType

    init(start: Element, count: Element, scheduler: ImmediateSchedulerType) {
        if count < 0 {
            rxFatalError("range: count must not be negative (it is \(count))")
        }
        if count > 0 && start.addingReportingOverflow(count - 1).overflow {
            rxFatalError("range: \(count) numbers from \(start) overflow \(Element.self)")
        }
        self.start = start
        self.count = count
        self.scheduler = scheduler
    }

    override func run<Observer: ObserverType>(
        _ observer: Observer,
        cancel: Cancelable
    ) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = RangeSink(observer: observer, cancel: cancel)
        let subscription = sink.run(self)
        return (sink: sink, subscription: subscription)
    }
}

private final class RangeSink<Observer: ObserverType>: Sink<Observer> where Observer.Element: RxAbstractInteger {
    func run(_ parent: RangeProducer<Observer.Element>) -> Disposable {
        // The recursion's state is the offset from `start`; it never exceeds `count`.
        parent.scheduler.scheduleRecursive(Observer.Element.zero) { offset, recurse in
            if offset < parent.count {
                self.forwardOn(.next(parent.start + offset))
                recurse(offset + 1)
            } else {
                self.forwardOn(.completed)
                self.dispose()
            }
        }
    }
}
