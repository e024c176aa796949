extension ObservableType {
    /// Splits the sequence into groups of elements that share a key, sending each group when
    /// its first element arrives.
    ///
    /// A group's sequence delivers the elements of its key as they arrive; subscribe to it
    /// when the group is received (inside `onNext`) to see its first element. The source's
    /// completion or error is delivered to every group, then to the result. When
    /// `keySelector` throws, the error ends every group and the result.
    ///
    /// Disposing the subscription to the groups leaves the source subscribed while groups
    /// are still observed; it is released when the last of them ends.
    ///
    /// ```swift
    /// _ = Observable.of(1, 2, 3, 4, 5)
    ///     .groupBy { $0 % 2 == 0 ? "even" : "odd" }
    ///     .flatMap { group in group.map { "\(group.key) \($0)" } }
    ///     .subscribe(onNext: { print($0) })
    /// // odd 1
    /// // even 2
    /// // odd 3
    /// // even 4
    /// // odd 5
    /// ```
    ///
    /// - Parameter keySelector: Returns the key of an element.
    /// - Returns: A sequence of groups.
    public func groupBy<Key: Hashable>(
        keySelector: @escaping (Element) throws -> Key
    ) -> Observable<GroupedObservable<Key, Element>> {
        GroupByProducer(source: asObservable(), keySelector: keySelector)
    }
}

/// Routes the elements of one subscription to the subject of their group.
///
/// Single source, so no lock. Group subscriptions retain `refCount`, which owns the source
/// subscription.
private final class GroupBySink<Key: Hashable, Element, Observer: ObserverType>: Sink<Observer>, ObserverType
where Observer.Element == GroupedObservable<Key, Element> {
    private let keySelector: (Element) throws -> Key
    private let sourceSubscription = SingleAssignmentDisposable()
    private let refCount: RefCountDisposable
    private var groups: [Key: OperatorSubject<Element>] = [:]
    /// The groups in creation order, so that stop events reach them in a stable order.
    private var groupsInOrder: [OperatorSubject<Element>] = []

    init(keySelector: @escaping (Element) throws -> Key, observer: Observer, cancel: Cancelable) {
        self.keySelector = keySelector
        refCount = RefCountDisposable(disposable: sourceSubscription)
        super.init(observer: observer, cancel: cancel)
    }

    /// Subscribes to the source.
    ///
    /// - Returns: The primary reference to the source subscription.
    func run(_ source: Observable<Element>) -> Disposable {
        sourceSubscription.setDisposable(source.subscribe(self))
        return refCount
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            let key: Key
            do {
                key = try keySelector(element)
            } catch {
                fail(error)
                return
            }
            if let group = groups[key] {
                group.on(.next(element))
            } else {
                let group = OperatorSubject<Element>()
                groups[key] = group
                groupsInOrder.append(group)
                let source = RefCountedObservable(source: group, refCount: refCount)
                forwardOn(.next(GroupedObservable(key: key, source: source)))
                group.on(.next(element))
            }
        case .error(let error):
            fail(error)
        case .completed:
            for group in groupsInOrder {
                group.on(.completed)
            }
            forwardOn(.completed)
            end()
        }
    }

    /// Sends `error` to every group, then downstream, and ends the subscription.
    private func fail(_ error: Swift.Error) {
        for group in groupsInOrder {
            group.on(.error(error))
        }
        forwardOn(.error(error))
        end()
    }

    /// Releases the source even while groups are still observed: the sequence is over.
    private func end() {
        sourceSubscription.dispose()
        dispose()
    }
}

/// The observable behind ``ObservableType/groupBy(keySelector:)``.
private final class GroupByProducer<Key: Hashable, Element>: Producer<GroupedObservable<Key, Element>> {
    private let source: Observable<Element>
    private let keySelector: (Element) throws -> Key

    init(source: Observable<Element>, keySelector: @escaping (Element) throws -> Key) {
        self.source = source
        self.keySelector = keySelector
    }

    override func run<Observer: ObserverType>(
        _ observer: Observer,
        cancel: Cancelable
    ) -> (sink: Disposable, subscription: Disposable) where Observer.Element == GroupedObservable<Key, Element> {
        let sink = GroupBySink(keySelector: keySelector, observer: observer, cancel: cancel)
        let subscription = sink.run(source)
        return (sink: sink, subscription: subscription)
    }
}
