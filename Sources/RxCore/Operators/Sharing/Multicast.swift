extension ObservableType {
    /// Shares one subscription to this sequence through `subject`, made when the result is
    /// connected.
    ///
    /// Observers of the result subscribe to `subject`. The same subject serves every
    /// connection, so once it has received a stop event it keeps answering with it.
    ///
    /// - Parameter subject: The subject that receives the source's events and feeds the observers.
    /// - Returns: A connectable sequence that pushes this sequence's events into `subject` once connected.
    public func multicast<Subject: SubjectType>(_ subject: Subject) -> ConnectableObservable<Subject.Element>
    where Subject.Observer.Element == Element {
        ConnectableObservableAdapter(source: asObservable(), makeSubject: { subject })
    }

    /// Shares one subscription to this sequence through a subject made by `makeSubject`.
    ///
    /// The subject is made when it is first needed (a subscription or a connection) and is
    /// dropped when the connection is disposed or the source terminates; the next
    /// subscription or connection makes a fresh one, so the result can be connected again.
    ///
    /// - Parameter makeSubject: Makes the subject for a connection.
    /// - Returns: A connectable sequence that pushes this sequence's events into its current subject once connected.
    public func multicast<Subject: SubjectType>(makeSubject: @escaping () -> Subject) -> ConnectableObservable<Subject.Element>
    where Subject.Observer.Element == Element {
        ConnectableObservableAdapter(source: asObservable(), makeSubject: makeSubject)
    }

    /// For each subscription, multicasts this sequence through a fresh subject and subscribes
    /// to what `selector` makes of it, then connects.
    ///
    /// Lets `selector` use the shared sequence several times (say, zip it with itself) while
    /// the source is subscribed only once per subscription of the result. An error thrown by
    /// either closure goes to the observer.
    ///
    /// ```swift
    /// let pairs = numbers.multicast({ PublishSubject<Int>() }, selector: { shared in
    ///     Observable.zip(shared, shared.skip(1))
    /// })
    /// ```
    ///
    /// - Parameters:
    ///   - subjectSelector: Makes the subject for one subscription.
    ///   - selector: Makes the result from the shared sequence.
    /// - Returns: The sequence `selector` returns, connected once per subscription.
    public func multicast<Subject: SubjectType, Result>(
        _ subjectSelector: @escaping () throws -> Subject,
        selector: @escaping (Observable<Subject.Element>) throws -> Observable<Result>
    ) -> Observable<Result> where Subject.Observer.Element == Element {
        let source = asObservable()
        return Observable.create { observer in
            do {
                let connectable = source.multicast(try subjectSelector())
                let subscription = try selector(connectable.asObservable()).subscribe(observer)
                let connection = connectable.connect()
                return Disposables.create(subscription, connection)
            } catch {
                observer.onError(error)
                return Disposables.create()
            }
        }
    }

    /// Shares one subscription to this sequence through a ``PublishSubject``: observers
    /// receive the elements emitted after they subscribe, once the result is connected.
    ///
    /// - Returns: A connectable sequence; each connection gets a fresh subject.
    public func publish() -> ConnectableObservable<Element> {
        multicast(makeSubject: { PublishSubject<Element>() })
    }

    /// Shares one subscription to this sequence through a ``ReplaySubject`` that replays up
    /// to `bufferSize` elements to each new observer.
    ///
    /// - Parameter bufferSize: How many of the latest elements are replayed.
    /// - Returns: A connectable sequence; each connection gets a fresh subject.
    public func replay(_ bufferSize: Int) -> ConnectableObservable<Element> {
        multicast(makeSubject: { ReplaySubject<Element>.create(bufferSize: bufferSize) })
    }

    /// Shares one subscription to this sequence through a ``ReplaySubject`` that replays
    /// every element to each new observer.
    ///
    /// - Returns: A connectable sequence; each connection gets a fresh subject.
    public func replayAll() -> ConnectableObservable<Element> {
        multicast(makeSubject: { ReplaySubject<Element>.createUnbounded() })
    }
}

/// The connectable sequence behind `multicast`: a lazily made subject and at most one
/// connection at a time.
///
/// `subject` and `connection` are guarded by `lock`; the subject is made, the source is
/// subscribed and observers are subscribed to the subject outside it.
final class ConnectableObservableAdapter<Subject: SubjectType>: ConnectableObservable<Subject.Element> {
    typealias SourceElement = Subject.Observer.Element

    private let source: Observable<SourceElement>
    private let makeSubject: () -> Subject
    private let lock = Lock()
    private var subject: Subject?
    /// Counts the subjects dropped by ended connections, so that a subject made outside the
    /// lock is known to be still the current one.
    private var subjectGeneration: UInt64 = 0
    private var connection: MulticastConnection<Subject>?

    init(source: Observable<SourceElement>, makeSubject: @escaping () -> Subject) {
        self.source = source
        self.makeSubject = makeSubject
        super.init()
    }

    override func connect() -> Disposable {
        if let current = lock.locked({ self.connection }) {
            return current
        }
        while true {
            let (subject, generation) = currentSubject()
            let subjectObserver = subject.asObserver()
            let (connection, isNew): (MulticastConnection<Subject>?, Bool) = lock.locked {
                if let current = self.connection { return (current, false) }
                // A connection that ended meanwhile dropped that subject: make another.
                guard generation == subjectGeneration else { return (nil, false) }
                let made = MulticastConnection(parent: self, subjectObserver: subjectObserver)
                self.connection = made
                return (made, true)
            }
            guard let connection else { continue }
            if isNew {
                connection.subscribe(to: source)
            }
            return connection
        }
    }

    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Subject.Element {
        currentSubject().subject.subscribe(observer)
    }

    /// Called by a connection that ends: forgets it and its subject if it is the current one.
    /// Returns the subject so that it is released outside the lock.
    func connectionEnded(_ ended: MulticastConnection<Subject>) -> Subject? {
        lock.locked {
            guard connection === ended else { return nil }
            connection = nil
            defer {
                subject = nil
                subjectGeneration &+= 1
            }
            return subject
        }
    }

    /// The current subject, made if needed, and the generation it belongs to.
    ///
    /// `makeSubject` is the caller's code, so it runs outside the lock (it may wait for a
    /// thread that subscribes to this very sequence); when two threads make one at once, the
    /// first one stored is kept and the other is dropped.
    private func currentSubject() -> (subject: Subject, generation: UInt64) {
        if let current = lock.locked({ subject.map { ($0, subjectGeneration) } }) {
            return current
        }
        let made = makeSubject()
        return lock.locked {
            if let subject { return (subject, subjectGeneration) }
            subject = made
            return (made, subjectGeneration)
        }
    }
}

/// One connection of a ``ConnectableObservableAdapter``: pushes the source's events into the
/// subject until it is disposed or the source terminates.
final class MulticastConnection<Subject: SubjectType>: DisposeBase, ObserverType, Cancelable {
    typealias Element = Subject.Observer.Element

    private let subjectObserver: Subject.Observer
    private let subscription = SingleAssignmentDisposable()
    @exclusivity(unchecked) private var disposed = InlineAtomic<Bool>(false)
    private let lock = Lock()
    private var parent: ConnectableObservableAdapter<Subject>?

    init(parent: ConnectableObservableAdapter<Subject>, subjectObserver: Subject.Observer) {
        self.parent = parent
        self.subjectObserver = subjectObserver
        super.init()
    }

    var isDisposed: Bool {
        InlineAtomic.load(&disposed, ordering: .acquiring)
    }

    func subscribe(to source: Observable<Element>) {
        subscription.setDisposable(source.subscribe(self))
    }

    func on(_ event: Event<Element>) {
        if isDisposed { return }
        if event.isStopEvent {
            dispose()
        }
        subjectObserver.on(event)
    }

    func dispose() {
        InlineAtomic.store(&disposed, true, ordering: .releasing)
        let parent: ConnectableObservableAdapter<Subject>? = lock.locked {
            defer { self.parent = nil }
            return self.parent
        }
        guard let parent else { return }
        let released = parent.connectionEnded(self)
        subscription.dispose()
        _ = released
    }
}
