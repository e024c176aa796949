extension ObservableType {
    /// Runs side effects for each event and for the subscription's lifecycle, passing every
    /// event through unchanged.
    ///
    /// The `on` handlers run before the event goes downstream, the `after` handlers right after
    /// it. A handler that throws turns into an error downstream and ends the subscription;
    /// only `afterError` and `afterCompleted` cannot do that, since the sequence has already
    /// ended when they run, so what they throw is dropped. `onSubscribe` runs before the source is subscribed, `onSubscribed` right after;
    /// `onDispose` runs once the subscription ends for any reason: completion, error or
    /// `dispose()`.
    ///
    /// ```swift
    /// _ = Observable.of(1, 2)
    ///     .do(onNext: { print("about to send", $0) }, afterNext: { print("sent", $0) })
    ///     .subscribe(onNext: { print("got", $0) })
    /// // about to send 1
    /// // got 1
    /// // sent 1
    /// // about to send 2
    /// // got 2
    /// // sent 2
    /// ```
    ///
    /// - Parameters:
    ///   - onNext: Called with each element before it is sent on.
    ///   - afterNext: Called with each element after it was sent on.
    ///   - onError: Called with the error before it is sent on.
    ///   - afterError: Called with the error after it was sent on.
    ///   - onCompleted: Called before the completion is sent on.
    ///   - afterCompleted: Called after the completion was sent on.
    ///   - onSubscribe: Called before the source is subscribed.
    ///   - onSubscribed: Called after the source was subscribed.
    ///   - onDispose: Called once the subscription is over.
    /// - Returns: The source's events, with the side effects attached.
    public func `do`(
        onNext: ((Element) throws -> Void)? = nil,
        afterNext: ((Element) throws -> Void)? = nil,
        onError: ((Swift.Error) throws -> Void)? = nil,
        afterError: ((Swift.Error) throws -> Void)? = nil,
        onCompleted: (() throws -> Void)? = nil,
        afterCompleted: (() throws -> Void)? = nil,
        onSubscribe: (() -> Void)? = nil,
        onSubscribed: (() -> Void)? = nil,
        onDispose: (() -> Void)? = nil
    ) -> Observable<Element> {
        DoProducer(
            source: asObservable(),
            before: DoHandlers(onNext: onNext, onError: onError, onCompleted: onCompleted),
            after: DoHandlers(onNext: afterNext, onError: afterError, onCompleted: afterCompleted),
            onSubscribe: onSubscribe,
            onSubscribed: onSubscribed,
            onDispose: onDispose
        )
    }
}

/// One set of event handlers of `do`: the ones that run before the event goes downstream,
/// or the ones that run after.
private struct DoHandlers<Element> {
    let onNext: ((Element) throws -> Void)?
    let onError: ((Swift.Error) throws -> Void)?
    let onCompleted: (() throws -> Void)?

    /// Calls the handler that matches `event`, if there is one.
    func run(for event: Event<Element>) throws {
        switch event {
        case .next(let element): try onNext?(element)
        case .error(let error): try onError?(error)
        case .completed: try onCompleted?()
        }
    }
}

/// Calls the handlers around each event; a throwing handler ends the sequence with its error.
private final class DoSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Element = Observer.Element

    private let before: DoHandlers<Element>
    private let after: DoHandlers<Element>

    init(before: DoHandlers<Element>, after: DoHandlers<Element>, observer: Observer, cancel: Cancelable) {
        self.before = before
        self.after = after
        super.init(observer: observer, cancel: cancel)
    }

    func on(_ event: Event<Element>) {
        do {
            try before.run(for: event)
        } catch {
            forwardOn(.error(error))
            dispose()
            return
        }
        forwardOn(event)
        do {
            try after.run(for: event)
        } catch {
            // After a stop event the sequence is already over: the grammar allows no second
            // stop event, so the error of `afterError`/`afterCompleted` goes nowhere.
            if !event.isStopEvent {
                forwardOn(.error(error))
            }
            dispose()
            return
        }
        if event.isStopEvent {
            dispose()
        }
    }
}

/// The observable behind ``ObservableType/do(onNext:afterNext:onError:afterError:onCompleted:afterCompleted:onSubscribe:onSubscribed:onDispose:)``.
private final class DoProducer<Element>: Producer<Element> {
    private let source: Observable<Element>
    private let before: DoHandlers<Element>
    private let after: DoHandlers<Element>
    private let onSubscribe: (() -> Void)?
    private let onSubscribed: (() -> Void)?
    private let onDispose: (() -> Void)?

    init(
        source: Observable<Element>,
        before: DoHandlers<Element>,
        after: DoHandlers<Element>,
        onSubscribe: (() -> Void)?,
        onSubscribed: (() -> Void)?,
        onDispose: (() -> Void)?
    ) {
        self.source = source
        self.before = before
        self.after = after
        self.onSubscribe = onSubscribe
        self.onSubscribed = onSubscribed
        self.onDispose = onDispose
    }

    override func run<Observer: ObserverType>(
        _ observer: Observer,
        cancel: Cancelable
    ) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        onSubscribe?()
        let sink = DoSink(before: before, after: after, observer: observer, cancel: cancel)
        let subscription = source.subscribe(sink)
        onSubscribed?()
        guard let onDispose else {
            return (sink: sink, subscription: subscription)
        }
        // The source is released first, then `onDispose` runs: on `dispose()` and after a
        // stop event alike, since the sink disposes the whole subscription then.
        let whole = Disposables.create {
            subscription.dispose()
            onDispose()
        }
        return (sink: sink, subscription: whole)
    }
}
