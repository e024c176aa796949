extension ObservableType {
    /// Emits this sequence's elements, then, once it completes, those of `second`.
    ///
    /// `second` is subscribed only when this sequence completes; an error ends the whole
    /// sequence without subscribing it.
    ///
    /// ```swift
    /// _ = Observable.of(1, 2).concat(Observable.of(3))
    ///     .subscribe(onNext: { print($0) })
    /// // 1
    /// // 2
    /// // 3
    /// ```
    ///
    /// - Parameter second: The sequence to continue with.
    /// - Returns: The elements of this sequence followed by those of `second`.
    public func concat<Source: ObservableConvertibleType>(_ second: Source) -> Observable<Element>
    where Source.Element == Element {
        Observable.concat([asObservable(), second.asObservable()])
    }

    /// Emits the elements of each sequence in turn: the next one is subscribed only when the
    /// previous one completes.
    ///
    /// The sequence is iterated lazily, one source at a time, so it may be long or endless.
    /// An error from any source ends the result at once. Sources that complete during their
    /// subscription are followed by a loop, not by recursion, so long runs of synchronous
    /// sources do not grow the stack; a source that is itself a `concat` is flattened into
    /// this one.
    ///
    /// - Parameter sequence: The sources, in order.
    /// - Returns: The elements of every source, source after source.
    public static func concat<Sequence: Swift.Sequence>(_ sequence: Sequence) -> Observable<Element>
    where Sequence.Element == Observable<Element> {
        ConcatProducer(sources: sequence, count: nil)
    }

    /// Emits the elements of each sequence of the collection in turn: the next one is
    /// subscribed only when the previous one completes.
    ///
    /// ```swift
    /// _ = Observable.concat([Observable.of(1, 2), Observable.just(3)])
    ///     .subscribe(onNext: { print($0) })
    /// // 1
    /// // 2
    /// // 3
    /// ```
    ///
    /// - Parameter collection: The sources, in order.
    /// - Returns: The elements of every source, source after source.
    public static func concat<Collection: Swift.Collection>(_ collection: Collection) -> Observable<Element>
    where Collection.Element == Observable<Element> {
        ConcatProducer(sources: collection, count: collection.count)
    }

    /// Emits the elements of each given sequence in turn: the next one is subscribed only
    /// when the previous one completes.
    ///
    /// - Parameter sources: The sources, in order.
    /// - Returns: The elements of every source, source after source.
    public static func concat(_ sources: Observable<Element>...) -> Observable<Element> {
        ConcatProducer(sources: sources, count: sources.count)
    }
}

extension ObservableType where Element: ObservableConvertibleType {
    /// Emits the elements of each inner sequence in turn, in the order the inner sequences
    /// arrive: the next one is subscribed only when the previous one completes.
    ///
    /// Inner sequences that arrive while one is running wait in a queue. This is
    /// `merge(maxConcurrent: 1)`, as in RxSwift.
    ///
    /// - Returns: The elements of every inner sequence, one inner sequence after another.
    public func concat() -> Observable<Element.Element> {
        merge(maxConcurrent: 1)
    }
}

/// The observable behind the `concat` of a sequence of sources.
private final class ConcatProducer<Element>: Producer<Element> {
    private let makeIterator: () -> AnyIterator<Observable<Element>>
    private let count: Int?

    init<Sources: Sequence>(sources: Sources, count: Int?) where Sources.Element == Observable<Element> {
        self.makeIterator = { AnyIterator(sources.makeIterator()) }
        self.count = count
        super.init()
    }

    /// A fresh iterator over the sources, with the number of sources when it is known.
    func makeGenerator() -> ConcatGenerator<Element> {
        ConcatGenerator(iterator: makeIterator(), remaining: count)
    }

    override func run<Observer: ObserverType>(
        _ observer: Observer,
        cancel: Cancelable
    ) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = ConcatSink(observer: observer, cancel: cancel)
        let subscription = sink.run(makeGenerator())
        return (sink: sink, subscription: subscription)
    }
}

/// One level of a (possibly nested) concat: its iterator and, when known, how many sources
/// it has left.
private struct ConcatGenerator<Element> {
    let iterator: AnyIterator<Observable<Element>>
    let remaining: Int?
}

/// Subscribes the sources one after another.
///
/// Moving to the next source goes through a gate: whoever finds it idle runs the moves,
/// and a completion that arrives while a move is running (a source that completes during
/// its own subscription, or on another thread) only counts one more move for the running
/// loop. The stack of generators is touched only by the thread that holds the gate.
private final class ConcatSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Element = Observer.Element

    private let current = SerialDisposable()
    private let gate = Lock()
    private var moving = false
    private var pendingMoves = 0
    private var closed = false
    private var generators: [ConcatGenerator<Element>] = []

    func run(_ generator: ConcatGenerator<Element>) -> Disposable {
        generators.append(generator)
        requestMove()
        return current
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next:
            forwardOn(event)
        case .error:
            forwardOn(event)
            dispose()
        case .completed:
            requestMove()
        }
    }

    override func dispose() {
        super.dispose()
        current.dispose()
        let releaseHere: Bool = gate.locked {
            if closed { return false }
            closed = true
            pendingMoves = 0
            if moving { return false }
            moving = true  // never reset: nothing moves after the gate is closed
            return true
        }
        if releaseHere {
            generators.removeAll()
        }
    }

    private func requestMove() {
        let moveHere: Bool = gate.locked {
            if closed { return false }
            if moving {
                pendingMoves += 1
                return false
            }
            moving = true
            return true
        }
        guard moveHere else { return }
        while true {
            moveToNextSource()
            let (again, release): (Bool, Bool) = gate.locked {
                if closed { return (false, true) }
                if pendingMoves > 0 {
                    pendingMoves -= 1
                    return (true, false)
                }
                moving = false
                return (false, false)
            }
            if release {
                generators.removeAll()
            }
            if !again { return }
        }
    }

    /// Subscribes the next source, flattening nested concats; completes when none is left.
    private func moveToNextSource() {
        var next: Observable<Element>?
        while next == nil, let generator = generators.popLast() {
            if isDisposed { return }
            guard let candidate = generator.iterator.next() else { continue }
            if let remaining = generator.remaining {
                if remaining > 1 {
                    generators.append(ConcatGenerator(iterator: generator.iterator, remaining: remaining - 1))
                }
            } else {
                generators.append(generator)
            }
            if let nested = candidate as? ConcatProducer<Element> {
                generators.append(nested.makeGenerator())
            } else {
                next = candidate
            }
        }
        guard let next else {
            if !isDisposed {
                forwardOn(.completed)
                dispose()
            }
            return
        }
        let subscription = SingleAssignmentDisposable()
        current.disposable = subscription
        subscription.setDisposable(next.subscribe(self))
    }
}
