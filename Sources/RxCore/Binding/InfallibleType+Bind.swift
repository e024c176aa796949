extension InfallibleType {
    /// Subscribes `observers` to this sequence: each event goes to every observer, in order.
    ///
    /// - Parameters:
    ///   - observers: The observers that receive the events.
    ///   - file: The file of the call, the allocation site of the subscription's resources;
    ///     leave the default.
    ///   - line: The line of the call; leave the default.
    /// - Returns: A disposable that ends the binding.
    public func bind<Observer: ObserverType>(to observers: Observer..., file: StaticString = #fileID, line: UInt = #line) -> Disposable
    where Observer.Element == Element {
        ResourceSites.withSubscriptionSite(file: file, line: line, tookClosure: false) {
            asObservable().subscribe { event in
                for observer in observers {
                    observer.on(event)
                }
            }
        }
    }

    /// Subscribes observers of optional elements to this sequence: each element is sent
    /// wrapped in an optional to every observer.
    ///
    /// - Parameters:
    ///   - observers: The observers that receive the events.
    ///   - file: The file of the call, the allocation site of the subscription's resources;
    ///     leave the default.
    ///   - line: The line of the call; leave the default.
    /// - Returns: A disposable that ends the binding.
    public func bind<Observer: ObserverType>(to observers: Observer..., file: StaticString = #fileID, line: UInt = #line) -> Disposable
    where Observer.Element == Element? {
        ResourceSites.withSubscriptionSite(file: file, line: line, tookClosure: false) {
            asObservable().subscribe { event in
                let wrapped = event.map { $0 as Element? }
                for observer in observers {
                    observer.on(wrapped)
                }
            }
        }
    }

    /// Binds this sequence with a binder function: returns `binder(self)`.
    ///
    /// - Parameter binder: The function that binds the sequence.
    /// - Returns: What `binder` returns, usually a disposable.
    public func bind<Result>(to binder: (Self) -> Result) -> Result {
        binder(self)
    }

    /// Binds this sequence with a curried binder function and a final argument: returns
    /// `binder(self)(curriedArgument)`.
    ///
    /// - Parameters:
    ///   - binder: The function that binds the sequence, given the sequence and then the
    ///     final argument.
    ///   - curriedArgument: The final argument passed to `binder`.
    /// - Returns: What `binder` returns.
    public func bind<R1, R2>(to binder: (Self) -> (R1) -> R2, curriedArgument: R1) -> R2 {
        binder(self)(curriedArgument)
    }

    /// Subscribes a closure to the elements of this sequence.
    ///
    /// - Parameters:
    ///   - onNext: Called with each element.
    ///   - file: The file of the call, the allocation site of the subscription's resources;
    ///     leave the default.
    ///   - line: The line of the call; leave the default.
    /// - Returns: A disposable that ends the binding.
    public func bind(onNext: @escaping (Element) -> Void, file: StaticString = #fileID, line: UInt = #line) -> Disposable {
        ResourceSites.withSubscriptionSite(file: file, line: line, tookClosure: true) {
            subscribe(onNext: onNext)
        }
    }

    /// Subscribes a closure that receives `object` weakly and each element; elements that
    /// arrive after `object` is gone are ignored.
    ///
    /// - Parameters:
    ///   - object: The object passed to `onNext`, held weakly.
    ///   - onNext: Called with the object and each element.
    ///   - file: The file of the call, the allocation site of the subscription's resources;
    ///     leave the default.
    ///   - line: The line of the call; leave the default.
    /// - Returns: A disposable that ends the binding.
    public func bind<Object: AnyObject>(
        with object: Object, onNext: @escaping (Object, Element) -> Void, file: StaticString = #fileID, line: UInt = #line
    ) -> Disposable {
        ResourceSites.withSubscriptionSite(file: file, line: line, tookClosure: true) {
            subscribe(with: object, onNext: onNext)
        }
    }

    /// Sends each element of this sequence to every relay; the completion is ignored.
    ///
    /// - Parameters:
    ///   - relays: The relays that accept the elements.
    ///   - file: The file of the call, the allocation site of the subscription's resources;
    ///     leave the default.
    ///   - line: The line of the call; leave the default.
    /// - Returns: A disposable that ends the binding.
    public func bind(to relays: PublishRelay<Element>..., file: StaticString = #fileID, line: UInt = #line) -> Disposable {
        ResourceSites.withSubscriptionSite(file: file, line: line, tookClosure: false) {
            subscribe(onNext: { element in relays.forEach { $0.accept(element) } })
        }
    }

    /// Sends each element of this sequence, wrapped in an optional, to every relay.
    ///
    /// - Parameters:
    ///   - relays: The relays that accept the elements.
    ///   - file: The file of the call, the allocation site of the subscription's resources;
    ///     leave the default.
    ///   - line: The line of the call; leave the default.
    /// - Returns: A disposable that ends the binding.
    public func bind(to relays: PublishRelay<Element?>..., file: StaticString = #fileID, line: UInt = #line) -> Disposable {
        ResourceSites.withSubscriptionSite(file: file, line: line, tookClosure: false) {
            subscribe(onNext: { element in relays.forEach { $0.accept(element) } })
        }
    }

    /// Makes each element of this sequence the current value of every relay.
    ///
    /// - Parameters:
    ///   - relays: The relays that accept the elements.
    ///   - file: The file of the call, the allocation site of the subscription's resources;
    ///     leave the default.
    ///   - line: The line of the call; leave the default.
    /// - Returns: A disposable that ends the binding.
    public func bind(to relays: BehaviorRelay<Element>..., file: StaticString = #fileID, line: UInt = #line) -> Disposable {
        ResourceSites.withSubscriptionSite(file: file, line: line, tookClosure: false) {
            subscribe(onNext: { element in relays.forEach { $0.accept(element) } })
        }
    }

    /// Makes each element of this sequence, wrapped in an optional, the current value of
    /// every relay.
    ///
    /// - Parameters:
    ///   - relays: The relays that accept the elements.
    ///   - file: The file of the call, the allocation site of the subscription's resources;
    ///     leave the default.
    ///   - line: The line of the call; leave the default.
    /// - Returns: A disposable that ends the binding.
    public func bind(to relays: BehaviorRelay<Element?>..., file: StaticString = #fileID, line: UInt = #line) -> Disposable {
        ResourceSites.withSubscriptionSite(file: file, line: line, tookClosure: false) {
            subscribe(onNext: { element in relays.forEach { $0.accept(element) } })
        }
    }

    /// Adds each element of this sequence to the buffer of every relay.
    ///
    /// - Parameters:
    ///   - relays: The relays that accept the elements.
    ///   - file: The file of the call, the allocation site of the subscription's resources;
    ///     leave the default.
    ///   - line: The line of the call; leave the default.
    /// - Returns: A disposable that ends the binding.
    public func bind(to relays: ReplayRelay<Element>..., file: StaticString = #fileID, line: UInt = #line) -> Disposable {
        ResourceSites.withSubscriptionSite(file: file, line: line, tookClosure: false) {
            subscribe(onNext: { element in relays.forEach { $0.accept(element) } })
        }
    }

    /// Adds each element of this sequence, wrapped in an optional, to the buffer of every
    /// relay.
    ///
    /// - Parameters:
    ///   - relays: The relays that accept the elements.
    ///   - file: The file of the call, the allocation site of the subscription's resources;
    ///     leave the default.
    ///   - line: The line of the call; leave the default.
    /// - Returns: A disposable that ends the binding.
    public func bind(to relays: ReplayRelay<Element?>..., file: StaticString = #fileID, line: UInt = #line) -> Disposable {
        ResourceSites.withSubscriptionSite(file: file, line: line, tookClosure: false) {
            subscribe(onNext: { element in relays.forEach { $0.accept(element) } })
        }
    }
}
