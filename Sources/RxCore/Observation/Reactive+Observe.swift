import Observation

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
extension Reactive where Base: AnyObject & Observation.Observable {
    /// The value of a property of an `@Observable` object now and after each change, until
    /// the object is deallocated: RxCocoa's `rx.observe` through Swift's Observation framework
    /// instead of Objective-C KVO, so it works on Linux too.
    ///
    /// The current value is emitted on subscribe, on the subscribing thread. After that, each
    /// new value is emitted on the thread that changed the property, right after it is stored,
    /// as KVO does. Emissions never overlap: when two threads change the property at once, one
    /// of them emits for both, the latest value, so values are never reordered and the last
    /// one always arrives. The object is held weakly; when it is deallocated the sequence
    /// completes (shortly after, on a global queue, because the framework reports it under its
    /// own lock). Disposing stops it at once.
    ///
    /// Apple's SDKs do not ship the framework's after-the-store callback that this uses, so on
    /// Apple platforms this is ``observe(_:on:)`` on the main scheduler. See the guide,
    /// docs/observation.md.
    ///
    /// ```swift
    /// import Observation
    ///
    /// @Observable final class Profile {
    ///     var name = "Ada"
    /// }
    ///
    /// let profile = Profile()
    /// _ = profile.rx.observe(\.name)
    ///     .subscribe(onNext: { print($0) })
    /// profile.name = "Grace"
    /// // Ada
    /// // Grace   (before the assignment returns)
    /// ```
    ///
    /// - Parameter keyPath: The property to observe.
    /// - Returns: A sequence of the property's values that completes when the object is gone.
    public func observe<Value>(_ keyPath: KeyPath<Base, Value>) -> Observable<Value> {
        Self.observeOnChangingThread(base) { $0[keyPath: keyPath] }
    }

    /// The value of a property of an `@Observable` object now and after each change, read and
    /// emitted on `scheduler`, until the object is deallocated.
    ///
    /// The framework says that the property *will* change, on the thread that changes it and
    /// before the new value is stored; the new value is then read on `scheduler` and emitted
    /// there. Several changes before that read (a burst, or several properties set in one go)
    /// arrive as one element, the latest value, and an element may repeat the previous value
    /// (add `distinctUntilChanged()` when that matters).
    ///
    /// An object changed from several threads must keep its stored value behind a lock that
    /// is held across the whole `withMutation` (the notification and the store), so that the
    /// read waits for the store. See the guide, docs/observation.md.
    ///
    /// - Parameters:
    ///   - keyPath: The property to observe.
    ///   - scheduler: Where values after the first are read and emitted. It must be the serial
    ///     context the object is changed on, or the object must lock as described above.
    /// - Returns: A sequence of the property's values that completes when the object is gone.
    public func observe<Value>(
        _ keyPath: KeyPath<Base, Value>,
        on scheduler: SchedulerType
    ) -> Observable<Value> {
        Self.observe(base, on: scheduler) { $0[keyPath: keyPath] }
    }

    /// The values of several properties of an `@Observable` object as one tuple, now and after
    /// a change to any of them, until the object is deallocated.
    ///
    /// Each change emits one tuple on the changing thread, after the store, as
    /// ``observe(_:)`` does: setting two of the properties one after the other emits two
    /// tuples.
    ///
    /// ```swift
    /// _ = profile.rx.observe(\.name, \.age)
    ///     .subscribe(onNext: { name, age in print(name, age) })
    /// // Ada 36
    /// ```
    ///
    /// - Parameters:
    ///   - first: The first property.
    ///   - second: The second property.
    ///   - rest: Further properties.
    /// - Returns: A sequence of the properties' values that completes when the object is gone.
    public func observe<First, Second, each Rest>(
        _ first: KeyPath<Base, First>,
        _ second: KeyPath<Base, Second>,
        _ rest: repeat KeyPath<Base, each Rest>
    ) -> Observable<(First, Second, repeat each Rest)> {
        Self.observeOnChangingThread(base) { object in
            (object[keyPath: first], object[keyPath: second], repeat object[keyPath: each rest])
        }
    }

    /// The values of several properties of an `@Observable` object as one tuple, read and
    /// emitted on `scheduler`, now and after a change to any of them.
    ///
    /// One registration covers every property, so a change to several of them before the
    /// read emits one tuple. Threading, coalescing and completion are those of
    /// ``observe(_:on:)``.
    ///
    /// - Parameters:
    ///   - first: The first property.
    ///   - second: The second property.
    ///   - rest: Further properties.
    ///   - scheduler: Where values after the first are read and emitted.
    /// - Returns: A sequence of the properties' values that completes when the object is gone.
    public func observe<First, Second, each Rest>(
        _ first: KeyPath<Base, First>,
        _ second: KeyPath<Base, Second>,
        _ rest: repeat KeyPath<Base, each Rest>,
        on scheduler: SchedulerType
    ) -> Observable<(First, Second, repeat each Rest)> {
        Self.observe(base, on: scheduler) { object in
            (object[keyPath: first], object[keyPath: second], repeat object[keyPath: each rest])
        }
    }

    /// ``observe(_:)`` as an ``Infallible``: observing a property cannot fail, and the type
    /// says so to code that binds it.
    ///
    /// - Parameter keyPath: The property to observe.
    /// - Returns: An infallible sequence of the property's values.
    public func observeInfallible<Value>(_ keyPath: KeyPath<Base, Value>) -> Infallible<Value> {
        Infallible(observe(keyPath))
    }

    /// ``observe(_:on:)`` as an ``Infallible``.
    ///
    /// - Parameters:
    ///   - keyPath: The property to observe.
    ///   - scheduler: Where values after the first are read and emitted.
    /// - Returns: An infallible sequence of the property's values.
    public func observeInfallible<Value>(
        _ keyPath: KeyPath<Base, Value>,
        on scheduler: SchedulerType
    ) -> Infallible<Value> {
        Infallible(observe(keyPath, on: scheduler))
    }

    /// ``observe(_:on:)`` as a ``Driver``, the way RxCocoa code drives user interface: read
    /// and delivered on the main scheduler, shared, replaying the latest value to a new
    /// subscriber.
    ///
    /// ```swift
    /// profile.rx.observeDriver(\.name)
    ///     .drive(label.rx.text)
    ///     .disposed(by: bag)
    /// ```
    ///
    /// - Parameter keyPath: The property to observe.
    /// - Returns: A driver of the property's values.
    public func observeDriver<Value>(_ keyPath: KeyPath<Base, Value>) -> Driver<Value> {
        observeInfallible(keyPath, on: MainScheduler.instance).asDriver()
    }

    /// The observable behind the forms without a scheduler: one ``DidSetObservation`` per
    /// subscription where the framework has the after-the-store callback, the main scheduler
    /// elsewhere.
    private static func observeOnChangingThread<Value>(
        _ object: Base,
        read: @escaping (Base) -> Value
    ) -> Observable<Value> {
        #if canImport(Darwin)
        return observe(object, on: MainScheduler.instance, read: read)
        #else
        return Observable.create { [weak object] observer in
            guard let object else {
                observer.onCompleted()
                return Disposables.create()
            }
            let observation = DidSetObservation(object: object, read: read, observer: observer)
            observation.start()
            return Disposables.create { observation.dispose() }
        }
        #endif
    }

    /// The observable behind the forms with a scheduler: one ``PropertyObservation`` per
    /// subscription.
    private static func observe<Value>(
        _ object: Base,
        on scheduler: SchedulerType,
        read: @escaping (Base) -> Value
    ) -> Observable<Value> {
        Observable.create { [weak object] observer in
            guard let object else {
                observer.onCompleted()
                return Disposables.create()
            }
            let observation = PropertyObservation(object: object, read: read, scheduler: scheduler, observer: observer)
            observation.start()
            return Disposables.create { observation.dispose() }
        }
    }
}
