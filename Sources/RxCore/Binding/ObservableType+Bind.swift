extension ObservableType {
    /// Subscribes `observers` to this sequence: each event goes to every observer, in order.
    ///
    /// The same as `subscribe`, but says that the subscription binds a source to its
    /// destination (a ``Binder``, a subject, any observer).
    ///
    /// ```swift
    /// let subject = PublishSubject<Int>()
    /// _ = subject.subscribe(onNext: { print($0) })
    /// _ = Observable.of(1, 2).bind(to: subject)
    /// // 1
    /// // 2
    /// ```
    ///
    /// - Parameters:
    ///   - observers: The observers that receive the events.
    ///   - file: The file of the call, the allocation site of the binding's resources; leave
    ///     the default.
    ///   - line: The line of the call; leave the default.
    /// - Returns: A disposable that ends the binding.
    public func bind<Observer: ObserverType>(
        to observers: Observer...,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> Disposable where Observer.Element == Element {
        bind(toEach: observers, file: file, line: line)
    }

    /// Subscribes observers of optional elements to this sequence: each element is sent
    /// wrapped in an optional to every observer.
    ///
    /// - Parameters:
    ///   - observers: The observers that receive the events.
    ///   - file: The file of the call, the allocation site of the binding's resources; leave
    ///     the default.
    ///   - line: The line of the call; leave the default.
    /// - Returns: A disposable that ends the binding.
    public func bind<Observer: ObserverType>(
        to observers: Observer...,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> Disposable where Observer.Element == Element? {
        // The `map` is the binding's too: allocated under the caller's line.
        ResourceSites.withSubscriptionSite(file: file, line: line, tookClosure: false) {
            map { $0 as Element? }.bind(toEach: observers, file: file, line: line)
        }
    }

    /// Binds this sequence with a binder function: returns `binder(self)`.
    ///
    /// Lets a function that subscribes a sequence read as a binding:
    /// `names.bind(to: render)` where `render` is `(Observable<String>) -> Disposable`.
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

    /// Subscribes a closure to the elements of this sequence, which must never fail.
    ///
    /// An error stops the program in debug builds, pointing at this call (a binding must not
    /// fail: handle errors upstream); release builds hand it to
    /// ``Hooks/defaultErrorHandler`` with this call's `"Module/File.swift:line"`.
    ///
    /// - Parameters:
    ///   - onNext: Called with each element.
    ///   - file: The file of the call, for the error report and as the allocation site of the
    ///     binding's resources; leave the default.
    ///   - line: The line of the call; leave the default.
    /// - Returns: A disposable that ends the binding.
    public func bind(
        onNext: @escaping (Element) -> Void,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> Disposable {
        ResourceSites.withSubscriptionSite(file: file, line: line, tookClosure: true) {
            subscribe(
                onNext: onNext,
                onError: { error in
                    reportBindingError("Binding error: \(error)", error: error, file: file, line: line)
                },
                file: file,
                line: line
            )
        }
    }

    /// Subscribes a closure that receives `object` weakly and each element; the sequence
    /// must never fail.
    ///
    /// Elements that arrive after `object` is gone are ignored. An error stops the program
    /// in debug builds, as for ``bind(onNext:file:line:)``.
    ///
    /// ```swift
    /// viewModel.title
    ///     .bind(with: self) { screen, title in screen.title = title }
    ///     .disposed(by: bag)
    /// ```
    ///
    /// - Parameters:
    ///   - object: The object passed to `onNext`, held weakly.
    ///   - onNext: Called with the object and each element.
    ///   - file: The file of the call, for the error report and as the allocation site of the
    ///     binding's resources; leave the default.
    ///   - line: The line of the call; leave the default.
    /// - Returns: A disposable that ends the binding.
    public func bind<Object: AnyObject>(
        with object: Object,
        onNext: @escaping (Object, Element) -> Void,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> Disposable {
        bind(
            onNext: { [weak object] element in
                guard let object else { return }
                onNext(object, element)
            },
            file: file,
            line: line
        )
    }

    /// Sends every event to each of `observers`.
    private func bind<Observer: ObserverType>(toEach observers: [Observer], file: StaticString, line: UInt) -> Disposable
    where Observer.Element == Element {
        // The closure is the binding's own: the user handed it observers, not a closure.
        ResourceSites.withSubscriptionSite(file: file, line: line, tookClosure: false) {
            subscribe(
                { event in
                    for observer in observers {
                        observer.on(event)
                    }
                },
                file: file,
                line: line
            )
        }
    }
}
