extension ObservableType {
    /// Subscribes a closure that receives every event.
    ///
    /// ```swift
    /// Observable.of(1, 2).subscribe { event in print(event) }
    /// // next(1)
    /// // next(2)
    /// // completed
    /// ```
    ///
    /// - Parameters:
    ///   - on: The closure called for each event.
    ///   - file: The file of the call, the allocation site of the subscription's resources;
    ///     leave the default.
    ///   - line: The line of the call; leave the default.
    /// - Returns: A disposable that cancels the subscription.
    public func subscribe(
        _ on: @escaping (Event<Element>) -> Void,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> Disposable {
        ResourceSites.withSubscriptionSite(file: file, line: line, tookClosure: true) {
            asObservable().subscribe(AnonymousObserver(on))
        }
    }

    /// Subscribes closures for the elements, the error, the completion and the disposal.
    ///
    /// `onDisposed` runs once when the subscription ends for any reason: error, completion
    /// or `dispose()`. An error with no `onError` goes to ``Hooks/defaultErrorHandler``,
    /// with a call stack that starts with this call's `"Module/File.swift:line"`.
    ///
    /// - Parameters:
    ///   - onNext: Called for each element.
    ///   - onError: Called when the sequence fails.
    ///   - onCompleted: Called when the sequence completes.
    ///   - onDisposed: Called once the subscription is over.
    ///   - file: The file of the call, for unhandled errors and as the allocation site of the
    ///     subscription's resources; leave the default.
    ///   - line: The line of the call; leave the default.
    /// - Returns: A disposable that cancels the subscription.
    @inlinable
    public func subscribe(
        onNext: ((Element) -> Void)? = nil,
        onError: ((Swift.Error) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        onDisposed: (() -> Void)? = nil,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> Disposable {
        // Inlinable: the caller, which knows `Element`, takes the observer's metadata and its
        // `ObserverType` conformance from its own caches instead of asking the runtime for
        // them on every subscription. The call site is recorded on a separate, cold path, so
        // the common one builds no closure around the subscription (with `TraceResources`,
        // that closure's captures were retained and released on every subscription).
        if ResourceSites.recordsCallSites {
            return ResourceSites.withSubscriptionSite(file: file, line: line, tookClosure: true) {
                subscribeClosures(
                    onNext: onNext, onError: onError, onCompleted: onCompleted, onDisposed: onDisposed, file: file, line: line)
            }
        }
        return subscribeClosures(onNext: onNext, onError: onError, onCompleted: onCompleted, onDisposed: onDisposed, file: file, line: line)
    }

    /// The body of ``subscribe(onNext:onError:onCompleted:onDisposed:file:line:)``.
    @inlinable @inline(__always)
    func subscribeClosures(
        onNext: ((Element) -> Void)?,
        onError: ((Swift.Error) -> Void)?,
        onCompleted: (() -> Void)?,
        onDisposed: (() -> Void)?,
        file: StaticString,
        line: UInt
    ) -> Disposable {
        let observer = AnonymousObserver<Element>(
            onNext: onNext, onError: onError, onCompleted: onCompleted, onDisposed: onDisposed, file: file, line: line)
        let subscription = asObservable().subscribe(observer)
        // Nothing to run at disposal: the subscription itself is the disposable to return
        // (no `BinaryDisposable` around it, one allocation fewer).
        guard onDisposed != nil else { return subscription }
        return Disposables.create(subscription, observer.stopDisposable)
    }

    /// Subscribes closures that receive `object` weakly: they run only while it is alive.
    ///
    /// Avoids the retain cycle of a closure that captures its owner while the owner holds the
    /// subscription. Events that arrive after `object` is gone are ignored (the subscription
    /// is not disposed by that alone). An error with no `onError` goes to
    /// ``Hooks/defaultErrorHandler`` with this call's file and line.
    ///
    /// - Parameters:
    ///   - object: The object passed to each closure, held weakly.
    ///   - onNext: Called with the object and each element.
    ///   - onError: Called with the object and the error.
    ///   - onCompleted: Called with the object on completion.
    ///   - onDisposed: Called with the object once the subscription is over.
    ///   - file: The file of the call, for unhandled errors; leave the default.
    ///   - line: The line of the call, for unhandled errors; leave the default.
    /// - Returns: A disposable that cancels the subscription.
    public func subscribe<Object: AnyObject>(
        with object: Object,
        onNext: ((Object, Element) -> Void)? = nil,
        onError: ((Object, Swift.Error) -> Void)? = nil,
        onCompleted: ((Object) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> Disposable {
        subscribe(
            onNext: { [weak object] value in
                guard let object else { return }
                onNext?(object, value)
            },
            onError: onError.map { onError in
                { [weak object] error in
                    guard let object else { return }
                    onError(object, error)
                }
            },
            onCompleted: { [weak object] in
                guard let object else { return }
                onCompleted?(object)
            },
            onDisposed: { [weak object] in
                guard let object else { return }
                onDisposed?(object)
            },
            file: file,
            line: line
        )
    }
}
