// The `drive` family: how a Driver is subscribed. Each member must be called on the main
// thread (checked in debug builds), unless the driver was built inside `SharingScheduler.mock`.

/// What a `drive` call off the main thread is told.
private let driveOffMainThreadMessage = """
    `drive*` family of methods can only be called from the main thread.
    A Driver replays its latest element at once, on the thread that subscribes; only a \
    subscription made on the main thread keeps that element on the main thread.
    In tests, build the drivers inside `SharingScheduler.mock(scheduler:action:)`: drivers \
    built there deliver on the mock scheduler and may be driven from any thread.
    """

extension SharedSequenceConvertibleType where SharingStrategy == DriverSharingStrategy {
    /// Stops the program, in debug builds, when called off the main thread on a driver that
    /// delivers through the main scheduler.
    private func ensureDrivingOnMainThread() {
        #if DEBUG
        if asSharedSequence().requiresMainThread {
            MainScheduler.ensureRunningOnMainThread(errorMessage: driveOffMainThreadMessage)
        }
        #endif
    }

    /// Subscribes `observers`, each receiving every event. Call it on the main thread.
    ///
    /// - Parameters:
    ///   - observers: The observers that receive the events.
    ///   - file: The file of the call, the allocation site of the subscription's resources;
    ///     leave the default.
    ///   - line: The line of the call; leave the default.
    /// - Returns: A disposable that cancels the subscription.
    public func drive<Observer: ObserverType>(_ observers: Observer..., file: StaticString = #fileID, line: UInt = #line) -> Disposable
    where Observer.Element == Element {
        ensureDrivingOnMainThread()
        return ResourceSites.withSubscriptionSite(file: file, line: line, tookClosure: false) {
            asObservable().subscribe(fanningOutTo: observers)
        }
    }

    /// Subscribes `observers` of optional elements, each receiving every event with its
    /// element wrapped. Call it on the main thread.
    ///
    /// - Parameters:
    ///   - observers: The observers that receive the events.
    ///   - file: The file of the call, the allocation site of the subscription's resources;
    ///     leave the default.
    ///   - line: The line of the call; leave the default.
    /// - Returns: A disposable that cancels the subscription.
    public func drive<Observer: ObserverType>(_ observers: Observer..., file: StaticString = #fileID, line: UInt = #line) -> Disposable
    where Observer.Element == Element? {
        ensureDrivingOnMainThread()
        return ResourceSites.withSubscriptionSite(file: file, line: line, tookClosure: false) {
            asObservable().map { $0 as Element? }.subscribe(fanningOutTo: observers)
        }
    }

    /// Sends every element to `relays`. Call it on the main thread.
    ///
    /// ```swift
    /// let disposable = title.drive(titleRelay)
    /// ```
    ///
    /// - Parameters:
    ///   - relays: The relays that accept the elements.
    ///   - file: The file of the call, the allocation site of the subscription's resources;
    ///     leave the default.
    ///   - line: The line of the call; leave the default.
    /// - Returns: A disposable that cancels the subscription.
    public func drive(_ relays: BehaviorRelay<Element>..., file: StaticString = #fileID, line: UInt = #line) -> Disposable {
        ensureDrivingOnMainThread()
        return ResourceSites.withSubscriptionSite(file: file, line: line, tookClosure: false) {
            asObservable().subscribe(accepting: relays.map { $0.accept })
        }
    }

    /// Sends every element, wrapped, to `relays` of optional elements. Call it on the main
    /// thread.
    ///
    /// - Parameters:
    ///   - relays: The relays that accept the elements.
    ///   - file: The file of the call, the allocation site of the subscription's resources;
    ///     leave the default.
    ///   - line: The line of the call; leave the default.
    /// - Returns: A disposable that cancels the subscription.
    public func drive(_ relays: BehaviorRelay<Element?>..., file: StaticString = #fileID, line: UInt = #line) -> Disposable {
        ensureDrivingOnMainThread()
        return ResourceSites.withSubscriptionSite(file: file, line: line, tookClosure: false) {
            asObservable().subscribe(accepting: relays.map { relay in { relay.accept($0) } })
        }
    }

    /// Sends every element to `relays`. Call it on the main thread.
    ///
    /// - Parameters:
    ///   - relays: The relays that accept the elements.
    ///   - file: The file of the call, the allocation site of the subscription's resources;
    ///     leave the default.
    ///   - line: The line of the call; leave the default.
    /// - Returns: A disposable that cancels the subscription.
    public func drive(_ relays: ReplayRelay<Element>..., file: StaticString = #fileID, line: UInt = #line) -> Disposable {
        ensureDrivingOnMainThread()
        return ResourceSites.withSubscriptionSite(file: file, line: line, tookClosure: false) {
            asObservable().subscribe(accepting: relays.map { $0.accept })
        }
    }

    /// Sends every element, wrapped, to `relays` of optional elements. Call it on the main
    /// thread.
    ///
    /// - Parameters:
    ///   - relays: The relays that accept the elements.
    ///   - file: The file of the call, the allocation site of the subscription's resources;
    ///     leave the default.
    ///   - line: The line of the call; leave the default.
    /// - Returns: A disposable that cancels the subscription.
    public func drive(_ relays: ReplayRelay<Element?>..., file: StaticString = #fileID, line: UInt = #line) -> Disposable {
        ensureDrivingOnMainThread()
        return ResourceSites.withSubscriptionSite(file: file, line: line, tookClosure: false) {
            asObservable().subscribe(accepting: relays.map { relay in { relay.accept($0) } })
        }
    }

    /// Hands the driver, as an observable, to a binding function and returns what it
    /// returns. Call it on the main thread.
    ///
    /// - Parameter transformation: Binds the observable; usually subscribes it.
    /// - Returns: The result of `transformation`.
    public func drive<Result>(_ transformation: (Observable<Element>) -> Result) -> Result {
        ensureDrivingOnMainThread()
        return transformation(asObservable())
    }

    /// Hands the driver, as an observable, to a curried binding function, then passes it
    /// `curriedArgument`. Call it on the main thread.
    ///
    /// - Parameters:
    ///   - with: Binds the observable once given the curried argument.
    ///   - curriedArgument: The last argument of the binding.
    /// - Returns: The result of the binding.
    public func drive<R1, R2>(_ with: (Observable<Element>) -> (R1) -> R2, curriedArgument: R1) -> R2 {
        ensureDrivingOnMainThread()
        return with(asObservable())(curriedArgument)
    }

    /// Subscribes closures that receive `object` weakly: they run only while it is alive.
    /// Call it on the main thread.
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
    public func drive<Object: AnyObject>(
        with object: Object,
        onNext: ((Object, Element) -> Void)? = nil,
        onCompleted: ((Object) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> Disposable {
        ensureDrivingOnMainThread()
        return asObservable().subscribe(
            with: object,
            onNext: onNext,
            onCompleted: onCompleted,
            onDisposed: onDisposed,
            file: file,
            line: line
        )
    }

    /// Subscribes closures for the elements, the completion and the disposal. There is no
    /// error closure: a driver cannot fail. Call it on the main thread.
    ///
    /// ```swift
    /// let disposable = isValid.drive(onNext: { button.isEnabled = $0 })
    /// ```
    ///
    /// - Parameters:
    ///   - onNext: Called for each element.
    ///   - onCompleted: Called when the driver completes.
    ///   - onDisposed: Called once the subscription is over.
    ///   - file: The file of the call, the allocation site of the subscription's resources;
    ///     leave the default.
    ///   - line: The line of the call; leave the default.
    /// - Returns: A disposable that cancels the subscription.
    public func drive(
        onNext: ((Element) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        onDisposed: (() -> Void)? = nil,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> Disposable {
        ensureDrivingOnMainThread()
        let tookClosure = onNext != nil || onCompleted != nil || onDisposed != nil
        return ResourceSites.withSubscriptionSite(file: file, line: line, tookClosure: tookClosure) {
            asObservable().subscribe(onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed, file: file, line: line)
        }
    }

    /// Subscribes without handlers, keeping the shared source connected. Call it on the
    /// main thread.
    ///
    /// - Parameters:
    ///   - file: The file of the call, the allocation site of the subscription's resources;
    ///     leave the default.
    ///   - line: The line of the call; leave the default.
    /// - Returns: A disposable that cancels the subscription.
    public func drive(file: StaticString = #fileID, line: UInt = #line) -> Disposable {
        ResourceSites.withSubscriptionSite(file: file, line: line, tookClosure: false) {
            drive(onNext: nil, onCompleted: nil, onDisposed: nil)
        }
    }
}
