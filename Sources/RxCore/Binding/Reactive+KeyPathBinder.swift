extension Reactive where Base: AnyObject {
    /// A binder that writes each element to the property at `keyPath` of the base object, on
    /// the main scheduler; the object is held weakly.
    ///
    /// RxCocoa's subscript spelling of the dynamic member: `label.rx[\.text]` is
    /// `label.rx.text`.
    ///
    /// ```swift
    /// let subscription = Observable.just("Hello").bind(to: label.rx[\.text])
    /// ```
    ///
    /// - Parameter keyPath: The writable property of the base object.
    /// - Returns: A binder to the property.
    public subscript<Value>(keyPath: ReferenceWritableKeyPath<Base, Value>) -> Binder<Value> {
        Binder(base) { base, value in
            base[keyPath: keyPath] = value
        }
    }

    /// A binder that writes each element to the property at `keyPath` of the base object, on
    /// `scheduler` instead of the main scheduler; the object is held weakly.
    ///
    /// ```swift
    /// let model = worker.rx[\.progress, on: backgroundScheduler]
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: The writable property of the base object.
    ///   - scheduler: Where each write runs.
    /// - Returns: A binder to the property.
    public subscript<Value>(
        keyPath: ReferenceWritableKeyPath<Base, Value>,
        on scheduler: ImmediateSchedulerType
    ) -> Binder<Value> {
        Binder(base, scheduler: scheduler) { base, value in
            base[keyPath: keyPath] = value
        }
    }
}
