extension InfallibleType {
    /// Subscribes `observers` to this sequence: each event goes to every observer, in order.
    ///
    /// - Parameter observers: The observers that receive the events.
    /// - Returns: A disposable that ends the binding.
    public func bind<Observer: ObserverType>(to observers: Observer...) -> Disposable where Observer.Element == Element {
        subscribe { event in
            for observer in observers {
                observer.on(event)
            }
        }
    }

    /// Subscribes observers of optional elements to this sequence: each element is sent
    /// wrapped in an optional to every observer.
    ///
    /// - Parameter observers: The observers that receive the events.
    /// - Returns: A disposable that ends the binding.
    public func bind<Observer: ObserverType>(to observers: Observer...) -> Disposable where Observer.Element == Element? {
        asObservable().subscribe { event in
            let wrapped = event.map { $0 as Element? }
            for observer in observers {
                observer.on(wrapped)
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
    /// - Parameter onNext: Called with each element.
    /// - Returns: A disposable that ends the binding.
    public func bind(onNext: @escaping (Element) -> Void) -> Disposable {
        subscribe(onNext: onNext)
    }

    /// Subscribes a closure that receives `object` weakly and each element; elements that
    /// arrive after `object` is gone are ignored.
    ///
    /// - Parameters:
    ///   - object: The object passed to `onNext`, held weakly.
    ///   - onNext: Called with the object and each element.
    /// - Returns: A disposable that ends the binding.
    public func bind<Object: AnyObject>(with object: Object, onNext: @escaping (Object, Element) -> Void) -> Disposable {
        subscribe(with: object, onNext: onNext)
    }

    /// Sends each element of this sequence to every relay; the completion is ignored.
    ///
    /// - Parameter relays: The relays that accept the elements.
    /// - Returns: A disposable that ends the binding.
    public func bind(to relays: PublishRelay<Element>...) -> Disposable {
        subscribe(onNext: { element in relays.forEach { $0.accept(element) } })
    }

    /// Sends each element of this sequence, wrapped in an optional, to every relay.
    ///
    /// - Parameter relays: The relays that accept the elements.
    /// - Returns: A disposable that ends the binding.
    public func bind(to relays: PublishRelay<Element?>...) -> Disposable {
        subscribe(onNext: { element in relays.forEach { $0.accept(element) } })
    }

    /// Makes each element of this sequence the current value of every relay.
    ///
    /// - Parameter relays: The relays that accept the elements.
    /// - Returns: A disposable that ends the binding.
    public func bind(to relays: BehaviorRelay<Element>...) -> Disposable {
        subscribe(onNext: { element in relays.forEach { $0.accept(element) } })
    }

    /// Makes each element of this sequence, wrapped in an optional, the current value of
    /// every relay.
    ///
    /// - Parameter relays: The relays that accept the elements.
    /// - Returns: A disposable that ends the binding.
    public func bind(to relays: BehaviorRelay<Element?>...) -> Disposable {
        subscribe(onNext: { element in relays.forEach { $0.accept(element) } })
    }

    /// Adds each element of this sequence to the buffer of every relay.
    ///
    /// - Parameter relays: The relays that accept the elements.
    /// - Returns: A disposable that ends the binding.
    public func bind(to relays: ReplayRelay<Element>...) -> Disposable {
        subscribe(onNext: { element in relays.forEach { $0.accept(element) } })
    }

    /// Adds each element of this sequence, wrapped in an optional, to the buffer of every
    /// relay.
    ///
    /// - Parameter relays: The relays that accept the elements.
    /// - Returns: A disposable that ends the binding.
    public func bind(to relays: ReplayRelay<Element?>...) -> Disposable {
        subscribe(onNext: { element in relays.forEach { $0.accept(element) } })
    }
}
