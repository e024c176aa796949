/// What the sinks of `flatMap`, `flatMapFirst`, `flatMapLatest` and `concatMap` share: the
/// selector, one recursive lock for the events of the source and of every inner sequence,
/// the source subscription, and how a throwing selector, an error and the source's
/// completion end the result.
///
/// The subclasses decide which inner sequences run; the helpers here are final and inlined,
/// so the per-element path costs what a hand-written copy would.
class InnerSequenceSink<SourceElement, Inner: ObservableConvertibleType, Observer: ObserverType>: Sink<Observer>
where Inner.Element == Observer.Element {
    /// What the subclasses observe: the source's elements.
    typealias Element = SourceElement
    typealias Selector = (SourceElement) throws -> Inner

    private let selector: Selector
    /// Serializes the events of the source and of the inner sequences.
    final let lock = RecursiveLock()
    /// The subscription to the source, released once the source completes.
    final let sourceSubscription = SingleAssignmentDisposable()
    /// Whether the source has completed; guarded by `lock`.
    private(set) final var sourceCompleted = false

    init(selector: @escaping Selector, observer: Observer, cancel: Cancelable) {
        self.selector = selector
        super.init(observer: observer, cancel: cancel)
    }

    /// Creates the inner sequence for `element`, outside every lock of ours.
    ///
    /// The selector is the user's code: it may wait for work on another thread that delivers
    /// into a live inner sequence of this very operator, which would wait forever for a lock
    /// held around the call. The subclasses decide under the lock, before or after this call,
    /// whether the element gets an inner sequence and where it goes.
    ///
    /// A throwing selector ends the result with its error.
    ///
    /// - Parameter element: The source's element.
    /// - Returns: The inner sequence, or `nil` when the selector threw.
    @inline(__always)
    final func selectInner(for element: SourceElement) -> Observable<Observer.Element>? {
        do {
            return try selector(element).asObservable()
        } catch {
            fail(error)
            return nil
        }
    }

    /// Records that the source completed and decides whether the result completes now.
    ///
    /// When it does not, the source subscription is released and the inner sequences go on.
    ///
    /// - Parameter innerDone: Whether no inner sequence is left to wait for; called under the
    ///   lock.
    /// - Returns: Whether the caller must deliver the completion (claimed, outside the lock).
    @inline(__always)
    final func completeSource(innerDone: () -> Bool) -> Bool {
        let finished = lock.performLocked {
            sourceCompleted = true
            return innerDone() && claimStop()
        }
        if !finished {
            sourceSubscription.dispose()
        }
        return finished
    }

    /// Ends the result with an error of the source or of an inner sequence.
    final func fail(_ error: Swift.Error) {
        stop(with: .error(error), claimedUnder: lock)
    }

    /// Subscribes `inner`, keeping its subscription in `group` until the subclass removes it;
    /// does nothing once the group is disposed.
    ///
    /// - Parameters:
    ///   - inner: The inner sequence.
    ///   - group: The disposables of the whole subscription.
    ///   - makeObserver: The observer of the inner sequence, given its key in `group`.
    @inline(__always)
    final func subscribeInner<InnerObserver: ObserverType>(
        _ inner: Observable<Observer.Element>,
        in group: CompositeDisposable,
        observer makeObserver: (CompositeDisposable.DisposeKey) -> InnerObserver
    ) where InnerObserver.Element == Observer.Element {
        let innerSubscription = SingleAssignmentDisposable()
        guard let key = group.insert(innerSubscription) else {
            return
        }
        innerSubscription.setDisposable(inner.subscribe(makeObserver(key)))
    }
}
