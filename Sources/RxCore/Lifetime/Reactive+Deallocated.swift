extension Reactive where Base: DeallocationReporting {
    /// Emits one `()` and completes when the base object is deallocated, as RxCocoa's
    /// `rx.deallocated` does; the sequence does not keep the object alive.
    ///
    /// The element is sent while the object's stored properties are being released, on the
    /// thread that released the last reference. A subscription made after the object is gone
    /// receives `()` and completes at once.
    ///
    /// ```swift
    /// final class Screen: ReactiveCompatible, DeallocationReporting {
    ///     let deallocationSignal = DeallocationSignal()
    /// }
    ///
    /// var screen: Screen? = Screen()
    /// _ = screen!.rx.deallocated.subscribe(onNext: { print("screen gone") })
    /// screen = nil
    /// // screen gone
    /// ```
    public var deallocated: Observable<Void> {
        let signal = base.deallocationSignal
        return Observable.create { [weak signal] observer in
            guard let signal else {
                observer.onNext(())
                observer.onCompleted()
                return Disposables.create()
            }
            let key = signal.add(observer)
            return Disposables.create { [weak signal] in signal?.remove(key) }
        }
    }
}

extension Reactive where Base: AnyObject {
    /// Not available for this class: it has no ``DeallocationSignal``.
    ///
    /// Declared so that the compiler names the fix instead of reporting a missing dynamic
    /// member of `Reactive` (whose dynamic members are binders to writable properties).
    @available(
        *,
        unavailable,
        message:
            "rx.deallocated needs the class to own a DeallocationSignal: conform it to DeallocationReporting with 'let deallocationSignal = DeallocationSignal()'"
    )
    public var deallocated: Observable<Void> {
        fatalError("unavailable")
    }

    /// Not available: `rx.deallocating` needs the Objective-C runtime to intercept `dealloc`
    /// before it runs, which Linux and pure Swift classes do not have.
    ///
    /// Use ``Reactive/deallocated`` of a ``DeallocationReporting`` class; code that must
    /// run while the object is still whole belongs in its `deinit`.
    @available(
        *,
        unavailable,
        message:
            "rx.deallocating needs the Objective-C runtime to intercept dealloc; use rx.deallocated of a DeallocationReporting class, or do the work in deinit"
    )
    public var deallocating: Observable<Void> {
        fatalError("unavailable")
    }
}
