// The `emit` family: how a Signal is subscribed.

extension SharedSequenceConvertibleType where SharingStrategy == SignalSharingStrategy {
    /// Subscribes `observers`, each receiving every event.
    ///
    /// - Parameters:
    ///   - observers: The observers that receive the events.
    ///   - file: The file of the call, the allocation site of the subscription's resources;
    ///     leave the default.
    ///   - line: The line of the call; leave the default.
    /// - Returns: A disposable that cancels the subscription.
    public func emit<Observer: ObserverType>(to observers: Observer..., file: StaticString = #fileID, line: UInt = #line) -> Disposable
    where Observer.Element == Element {
        ResourceSites.withSubscriptionSite(file: file, line: line, tookClosure: false) {
            asObservable().subscribe(fanningOutTo: observers)
        }
    }

    /// Subscribes `observers` of optional elements, each receiving every event with its
    /// element wrapped.
    ///
    /// - Parameters:
    ///   - observers: The observers that receive the events.
    ///   - file: The file of the call, the allocation site of the subscription's resources;
    ///     leave the default.
    ///   - line: The line of the call; leave the default.
    /// - Returns: A disposable that cancels the subscription.
    public func emit<Observer: ObserverType>(to observers: Observer..., file: StaticString = #fileID, line: UInt = #line) -> Disposable
    where Observer.Element == Element? {
        ResourceSites.withSubscriptionSite(file: file, line: line, tookClosure: false) {
            asObservable().map { $0 as Element? }.subscribe(fanningOutTo: observers)
        }
    }

    /// Sends every element to `relays`.
    ///
    /// - Parameters:
    ///   - relays: The relays that accept the elements.
    ///   - file: The file of the call, the allocation site of the subscription's resources;
    ///     leave the default.
    ///   - line: The line of the call; leave the default.
    /// - Returns: A disposable that cancels the subscription.
    public func emit(to relays: BehaviorRelay<Element>..., file: StaticString = #fileID, line: UInt = #line) -> Disposable {
        ResourceSites.withSubscriptionSite(file: file, line: line, tookClosure: false) {
            asObservable().subscribe(accepting: relays.map { $0.accept })
        }
    }

    /// Sends every element, wrapped, to `relays` of optional elements.
    ///
    /// - Parameters:
    ///   - relays: The relays that accept the elements.
    ///   - file: The file of the call, the allocation site of the subscription's resources;
    ///     leave the default.
    ///   - line: The line of the call; leave the default.
    /// - Returns: A disposable that cancels the subscription.
    public func emit(to relays: BehaviorRelay<Element?>..., file: StaticString = #fileID, line: UInt = #line) -> Disposable {
        ResourceSites.withSubscriptionSite(file: file, line: line, tookClosure: false) {
            asObservable().subscribe(accepting: relays.map { relay in { relay.accept($0) } })
        }
    }

    /// Sends every element to `relays`.
    ///
    /// ```swift
    /// let disposable = saveTaps.emit(to: saveRequests)
    /// ```
    ///
    /// - Parameters:
    ///   - relays: The relays that accept the elements.
    ///   - file: The file of the call, the allocation site of the subscription's resources;
    ///     leave the default.
    ///   - line: The line of the call; leave the default.
    /// - Returns: A disposable that cancels the subscription.
    public func emit(to relays: PublishRelay<Element>..., file: StaticString = #fileID, line: UInt = #line) -> Disposable {
        ResourceSites.withSubscriptionSite(file: file, line: line, tookClosure: false) {
            asObservable().subscribe(accepting: relays.map { $0.accept })
        }
    }

    /// Sends every element, wrapped, to `relays` of optional elements.
    ///
    /// - Parameters:
    ///   - relays: The relays that accept the elements.
    ///   - file: The file of the call, the allocation site of the subscription's resources;
    ///     leave the default.
    ///   - line: The line of the call; leave the default.
    /// - Returns: A disposable that cancels the subscription.
    public func emit(to relays: PublishRelay<Element?>..., file: StaticString = #fileID, line: UInt = #line) -> Disposable {
        ResourceSites.withSubscriptionSite(file: file, line: line, tookClosure: false) {
            asObservable().subscribe(accepting: relays.map { relay in { relay.accept($0) } })
        }
    }

    /// Sends every element to `relays`.
    ///
    /// - Parameters:
    ///   - relays: The relays that accept the elements.
    ///   - file: The file of the call, the allocation site of the subscription's resources;
    ///     leave the default.
    ///   - line: The line of the call; leave the default.
    /// - Returns: A disposable that cancels the subscription.
    public func emit(to relays: ReplayRelay<Element>..., file: StaticString = #fileID, line: UInt = #line) -> Disposable {
        ResourceSites.withSubscriptionSite(file: file, line: line, tookClosure: false) {
            asObservable().subscribe(accepting: relays.map { $0.accept })
        }
    }

    /// Sends every element, wrapped, to `relays` of optional elements.
    ///
    /// - Parameters:
    ///   - relays: The relays that accept the elements.
    ///   - file: The file of the call, the allocation site of the subscription's resources;
    ///     leave the default.
    ///   - line: The line of the call; leave the default.
    /// - Returns: A disposable that cancels the subscription.
    public func emit(to relays: ReplayRelay<Element?>..., file: StaticString = #fileID, line: UInt = #line) -> Disposable {
        ResourceSites.withSubscriptionSite(file: file, line: line, tookClosure: false) {
            asObservable().subscribe(accepting: relays.map { relay in { relay.accept($0) } })
        }
    }

    /// Subscribes closures that receive `object` weakly: they run only while it is alive.
    ///
    /// - Parameters:
    ///   - object: The object passed to each closure, held weakly.
    ///   - onNext: Called with the object and each element.
    ///   - onCompleted: Called with the object on completion.
    ///   - onDisposed: Called with the object once the subscription is over.
    ///   - file: The file of the call, the allocation site of the subscription's resources;
    ///     leave the default.
    ///   - line: The line of the call; leave the default.
    /// - Returns: A disposable that cancels the subscription.
    public func emit<Object: AnyObject>(
        with object: Object,
        onNext: ((Object, Element) -> Void)? = nil,
        onCompleted: ((Object) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> Disposable {
        asObservable().subscribe(
            with: object,
            onNext: onNext,
            onCompleted: onCompleted,
            onDisposed: onDisposed,
            file: file,
            line: line
        )
    }

    /// Subscribes closures for the elements, the completion and the disposal. There is no
    /// error closure: a signal cannot fail.
    ///
    /// - Parameters:
    ///   - onNext: Called for each element.
    ///   - onCompleted: Called when the signal completes.
    ///   - onDisposed: Called once the subscription is over.
    ///   - file: The file of the call, the allocation site of the subscription's resources;
    ///     leave the default.
    ///   - line: The line of the call; leave the default.
    /// - Returns: A disposable that cancels the subscription.
    public func emit(
        onNext: ((Element) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        onDisposed: (() -> Void)? = nil,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> Disposable {
        let tookClosure = onNext != nil || onCompleted != nil || onDisposed != nil
        return ResourceSites.withSubscriptionSite(file: file, line: line, tookClosure: tookClosure) {
            asObservable().subscribe(onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed, file: file, line: line)
        }
    }

    /// Subscribes without handlers, keeping the shared source connected.
    ///
    /// - Parameters:
    ///   - file: The file of the call, the allocation site of the subscription's resources;
    ///     leave the default.
    ///   - line: The line of the call; leave the default.
    /// - Returns: A disposable that cancels the subscription.
    public func emit(file: StaticString = #fileID, line: UInt = #line) -> Disposable {
        ResourceSites.withSubscriptionSite(file: file, line: line, tookClosure: false) {
            emit(onNext: nil, onCompleted: nil, onDisposed: nil)
        }
    }
}
