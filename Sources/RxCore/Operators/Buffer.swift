extension ObservableType {
    /// Collects the elements into arrays, each sent when it holds `count` elements or when
    /// `timeSpan` has passed since the previous array, whichever comes first.
    ///
    /// The timer restarts whenever an array is sent, including one sent because it was full.
    /// A timer tick with nothing collected sends an empty array. When the source completes,
    /// the elements collected so far (possibly none) are sent, then the completion; an error
    /// drops them and is forwarded.
    ///
    /// ```swift
    /// // Subscribed at 200; the source sends 1 at 205, 2 at 210, 3 at 240, 4 at 280 and
    /// // completes at 400. With buffer(timeSpan: 70 ticks, count: 3, scheduler:):
    /// // [1, 2, 3] at 240 (full), [4] at 310 (tick), [] at 380 (tick), [] at 400, completed
    /// ```
    ///
    /// - Parameters:
    ///   - timeSpan: The longest time an array stays open.
    ///   - count: The most elements an array holds.
    ///   - scheduler: The scheduler that runs the timer.
    /// - Returns: A sequence of arrays of consecutive elements.
    public func buffer(timeSpan: RxTimeInterval, count: Int, scheduler: SchedulerType) -> Observable<[Element]> {
        BufferProducer(source: asObservable(), limits: ChunkLimits(timeSpan: timeSpan, count: count, scheduler: scheduler))
    }
}

/// Collects the elements of one subscription and sends them on count or on timer.
///
/// The source and the timer may deliver on different threads, so both hold one recursive lock
/// while they update the buffer and forward. Each timer is tagged with the id of the array it
/// was started for; a tick for an array that was already sent because it was full is ignored.
private final class BufferSink<Element, Observer: ObserverType>: Sink<Observer>, ObserverType
where Observer.Element == [Element] {
    typealias Parent = BufferProducer<Element>

    private let parent: Parent
    private let lock = RecursiveLock()
    private let timer = SerialDisposable()

    // Guarded by `lock`.
    private var buffer: [Element] = []
    private var bufferID: UInt64 = 0

    init(parent: Parent, observer: Observer, cancel: Cancelable) {
        self.parent = parent
        super.init(observer: observer, cancel: cancel)
    }

    /// Starts the first timer and subscribes to the source.
    ///
    /// - Returns: The timer together with the source subscription.
    func run() -> Disposable {
        lock.performLocked {
            startTimer(for: bufferID)
        }
        let subscription = parent.source.subscribe(self)
        return Disposables.create(timer, subscription)
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            lock.performLocked {
                buffer.append(element)
                if buffer.count == parent.limits.count {
                    sendBufferAndStartNext()
                }
            }
        case .error(let error):
            // Ended under the lock, delivered and torn down after it: a teardown may wait for
            // a lock whose holder waits for ours. Nothing else forwards once it is claimed.
            let ended: Bool = lock.performLocked {
                buffer = []
                return claimStop()
            }
            if ended {
                deliverStop(.error(error))
            }
        case .completed:
            let last: [Element]? = lock.performLocked {
                guard claimStop() else { return nil }
                defer { buffer = [] }
                return buffer
            }
            if let last {
                observer.on(.next(last))
                deliverStop(.completed)
            }
        }
    }

    /// Sends the current array and opens the next one with a fresh timer. Called under the lock.
    private func sendBufferAndStartNext() {
        bufferID &+= 1
        let full = buffer
        buffer = []
        forwardOn(.next(full))
        startTimer(for: bufferID)
    }

    /// Schedules the tick that closes array `id`, unless that array is already closed.
    /// Called under the lock.
    private func startTimer(for id: UInt64) {
        guard id == bufferID else {
            return
        }
        parent.limits.scheduleTick(for: id, in: timer) { id in
            self.lock.performLocked {
                if id == self.bufferID {
                    self.sendBufferAndStartNext()
                }
            }
        }
    }
}

/// The observable behind ``ObservableType/buffer(timeSpan:count:scheduler:)``.
private final class BufferProducer<Element>: Producer<[Element]> {
    let source: Observable<Element>
    let limits: ChunkLimits

    init(source: Observable<Element>, limits: ChunkLimits) {
        self.source = source
        self.limits = limits
    }

    override func run<Observer: ObserverType>(
        _ observer: Observer,
        cancel: Cancelable
    ) -> (sink: Disposable, subscription: Disposable) where Observer.Element == [Element] {
        let sink = BufferSink(parent: self, observer: observer, cancel: cancel)
        let subscription = sink.run()
        return (sink: sink, subscription: subscription)
    }
}
