extension ObservableType {
    /// Mirrors whichever of the sequences sends an event first, and disposes the others.
    ///
    /// Built as RxSwift builds it: `never()` ambiguated with each sequence in turn, so an
    /// empty list never emits and every sequence is subscribed, in order.
    ///
    /// - Parameter sequence: The competing sequences.
    /// - Returns: The events of the first sequence to send one.
    public static func amb<Sequence: Swift.Sequence>(_ sequence: Sequence) -> Observable<Element>
    where Sequence.Element == Observable<Element> {
        sequence.reduce(Observable<Element>.never()) { result, next in
            result.amb(next)
        }
    }

    /// Mirrors this sequence or `right`, whichever sends an event (element, error or
    /// completion) first; the other one is disposed at that moment.
    ///
    /// ```swift
    /// let silent = Observable<Int>.never()
    /// _ = silent.amb(Observable.of(1, 2))
    ///     .subscribe(onNext: { print($0) }, onCompleted: { print("completed") })
    /// // 1
    /// // 2
    /// // completed
    /// ```
    ///
    /// - Parameter right: The competing sequence.
    /// - Returns: The events of whichever sequence sends one first.
    public func amb<Other: ObservableType>(_ right: Other) -> Observable<Element> where Other.Element == Element {
        AmbProducer(left: asObservable(), right: right.asObservable())
    }
}

/// The observable behind the instance `amb(_:)`; the static form chains these.
private final class AmbProducer<Element>: Producer<Element> {
    let left: Observable<Element>
    let right: Observable<Element>

    init(left: Observable<Element>, right: Observable<Element>) {
        self.left = left
        self.right = right
        super.init()
    }

    override func run<Observer: ObserverType>(
        _ observer: Observer,
        cancel: Cancelable
    ) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = AmbSink(observer: observer, cancel: cancel)
        let subscription = sink.run(left: left, right: right)
        return (sink: sink, subscription: subscription)
    }
}

/// The two sides of an `amb`.
private enum AmbSide {
    case left
    case right
}

/// Decides, under the recursive lock, which side's first event wins; afterwards the winner
/// forwards directly.
private final class AmbSink<Observer: ObserverType>: Sink<Observer> {
    private let lock = RecursiveLock()
    private let leftSubscription = SingleAssignmentDisposable()
    private let rightSubscription = SingleAssignmentDisposable()
    /// The side that won; guarded by `lock`.
    private var winner: AmbSide?

    func run(left: Observable<Observer.Element>, right: Observable<Observer.Element>) -> Disposable {
        let subscriptions = Disposables.create(leftSubscription, rightSubscription)
        leftSubscription.setDisposable(left.subscribe(AmbSideObserver(parent: self, side: .left)))
        rightSubscription.setDisposable(right.subscribe(AmbSideObserver(parent: self, side: .right)))
        return subscriptions
    }

    /// Handles a side's event while no winner is known to that side: the first side to call
    /// wins and the other side is disposed.
    ///
    /// - Returns: Whether `side` is the winner.
    func decide(_ side: AmbSide, _ event: Event<Observer.Element>) -> Bool {
        let (won, loser): (Bool, Disposable?) = lock.performLocked {
            if winner == nil {
                winner = side
                return (true, subscription(of: side == .left ? .right : .left))
            }
            return (winner == side, nil)
        }
        // The lock only decides: the loser's teardown may wait for a lock whose holder waits
        // for ours. Once decided, only the winner forwards, one event at a time.
        loser?.dispose()
        if won {
            forward(event)
        }
        return won
    }

    /// Forwards an event of the winning side; a stop event ends the subscription.
    func forward(_ event: Event<Observer.Element>) {
        forwardOn(event)
        if event.isStopEvent {
            dispose()
        }
    }

    func subscription(of side: AmbSide) -> Disposable {
        side == .left ? leftSubscription : rightSubscription
    }
}

/// Observes one side of an `amb`.
private final class AmbSideObserver<Observer: ObserverType>: ObserverType {
    typealias Element = Observer.Element

    private let parent: AmbSink<Observer>
    private let side: AmbSide
    /// Set by this observer's own first winning event and read only by its later events,
    /// which the grammar serializes.
    private var won = false

    init(parent: AmbSink<Observer>, side: AmbSide) {
        self.parent = parent
        self.side = side
        ResourceCounter.allocated(self)
    }

    deinit {
        ResourceCounter.deallocated(self)
    }

    func on(_ event: Event<Element>) {
        if won {
            parent.forward(event)
            return
        }
        won = parent.decide(side, event)
        if !won && event.isStopEvent {
            parent.subscription(of: side).dispose()
        }
    }
}
