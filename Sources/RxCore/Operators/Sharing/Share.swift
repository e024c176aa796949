extension ObservableType {
    /// Shares one subscription to this sequence among all its observers, replaying the latest
    /// `replay` elements to each new observer.
    ///
    /// The source is subscribed when the first observer subscribes and unsubscribed when the
    /// last one leaves. `scope` says whether the shared subject survives the connection: see
    /// ``SubjectLifetimeScope``. `share(replay: 1)` is the usual way to share a result, such as
    /// a network response, among several consumers.
    ///
    /// ```swift
    /// let counter = Observable<Int>.interval(.seconds(1), scheduler: scheduler)
    ///     .share(replay: 1)
    /// _ = counter.subscribe(onNext: { print("First \($0)") })
    /// _ = counter.subscribe(onNext: { print("Second \($0)") })   // one timer for both
    /// ```
    ///
    /// - Parameters:
    ///   - replay: How many of the latest elements a new observer receives at once.
    ///   - scope: How long the shared subject lives.
    /// - Returns: A sequence that shares one subscription to this sequence.
    public func share(replay: Int = 0, scope: SubjectLifetimeScope = .whileConnected) -> Observable<Element> {
        switch (scope, replay) {
        case (.forever, 0):
            return multicast(PublishSubject<Element>()).refCount()
        case (.forever, _):
            return multicast(ReplaySubject<Element>.create(bufferSize: replay)).refCount()
        case (.whileConnected, 0):
            return ShareWhileConnected(source: asObservable(), replaysLatest: false)
        case (.whileConnected, 1):
            return ShareWhileConnected(source: asObservable(), replaysLatest: true)
        case (.whileConnected, _):
            return multicast(makeSubject: { ReplaySubject<Element>.create(bufferSize: replay) }).refCount()
        }
    }
}
