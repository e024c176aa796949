extension ObservableType {
    /// Sends each element of this sequence to every relay, which must never see an error.
    ///
    /// The completion is ignored: a relay cannot complete. An error stops the program in
    /// debug builds, pointing at this call; release builds hand it to
    /// ``Hooks/defaultErrorHandler`` with this call's `"Module/File.swift:line"`.
    ///
    /// ```swift
    /// let relay = PublishRelay<Int>()
    /// _ = relay.subscribe(onNext: { print($0) })
    /// _ = Observable.of(1, 2).bind(to: relay)
    /// // 1
    /// // 2
    /// ```
    ///
    /// - Parameters:
    ///   - relays: The relays that accept the elements.
    ///   - file: The file of the call, for the error report and as the allocation site of the
    ///     binding's resources; leave the default.
    ///   - line: The line of the call; leave the default.
    /// - Returns: A disposable that ends the binding.
    public func bind(
        to relays: PublishRelay<Element>...,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> Disposable {
        bind(accepting: relays.map { $0.accept }, kind: "publish relay", file: file, line: line)
    }

    /// Sends each element of this sequence, wrapped in an optional, to every relay.
    ///
    /// - Parameters:
    ///   - relays: The relays that accept the elements.
    ///   - file: The file of the call, for the error report and as the allocation site of the
    ///     binding's resources; leave the default.
    ///   - line: The line of the call; leave the default.
    /// - Returns: A disposable that ends the binding.
    public func bind(
        to relays: PublishRelay<Element?>...,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> Disposable {
        ResourceSites.withSubscriptionSite(file: file, line: line, tookClosure: false) {
            map { $0 as Element? }.bind(accepting: relays.map { $0.accept }, kind: "publish relay", file: file, line: line)
        }
    }

    /// Makes each element of this sequence the current value of every relay.
    ///
    /// The completion is ignored; an error stops the program in debug builds, as when
    /// binding to a ``PublishRelay``.
    ///
    /// - Parameters:
    ///   - relays: The relays that accept the elements.
    ///   - file: The file of the call, for the error report and as the allocation site of the
    ///     binding's resources; leave the default.
    ///   - line: The line of the call; leave the default.
    /// - Returns: A disposable that ends the binding.
    public func bind(
        to relays: BehaviorRelay<Element>...,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> Disposable {
        bind(accepting: relays.map { $0.accept }, kind: "behavior relay", file: file, line: line)
    }

    /// Makes each element of this sequence, wrapped in an optional, the current value of
    /// every relay.
    ///
    /// - Parameters:
    ///   - relays: The relays that accept the elements.
    ///   - file: The file of the call, for the error report and as the allocation site of the
    ///     binding's resources; leave the default.
    ///   - line: The line of the call; leave the default.
    /// - Returns: A disposable that ends the binding.
    public func bind(
        to relays: BehaviorRelay<Element?>...,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> Disposable {
        ResourceSites.withSubscriptionSite(file: file, line: line, tookClosure: false) {
            map { $0 as Element? }.bind(accepting: relays.map { $0.accept }, kind: "behavior relay", file: file, line: line)
        }
    }

    /// Adds each element of this sequence to the buffer of every relay.
    ///
    /// The completion is ignored; an error stops the program in debug builds.
    ///
    /// - Parameters:
    ///   - relays: The relays that accept the elements.
    ///   - file: The file of the call, for the error report and as the allocation site of the
    ///     binding's resources; leave the default.
    ///   - line: The line of the call; leave the default.
    /// - Returns: A disposable that ends the binding.
    public func bind(
        to relays: ReplayRelay<Element>...,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> Disposable {
        bind(accepting: relays.map { $0.accept }, kind: "replay relay", file: file, line: line)
    }

    /// Adds each element of this sequence, wrapped in an optional, to the buffer of every
    /// relay.
    ///
    /// - Parameters:
    ///   - relays: The relays that accept the elements.
    ///   - file: The file of the call, for the error report and as the allocation site of the
    ///     binding's resources; leave the default.
    ///   - line: The line of the call; leave the default.
    /// - Returns: A disposable that ends the binding.
    public func bind(
        to relays: ReplayRelay<Element?>...,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> Disposable {
        ResourceSites.withSubscriptionSite(file: file, line: line, tookClosure: false) {
            map { $0 as Element? }.bind(accepting: relays.map { $0.accept }, kind: "replay relay", file: file, line: line)
        }
    }

    /// Calls every `accept` with each element; reports an error as a broken binding.
    private func bind(
        accepting accepts: [(Element) -> Void],
        kind: String,
        file: StaticString,
        line: UInt
    ) -> Disposable {
        // The closure is the binding's own: the user handed it relays, not a closure.
        ResourceSites.withSubscriptionSite(file: file, line: line, tookClosure: false) {
            subscribe(
                { event in
                    switch event {
                    case .next(let element):
                        for accept in accepts {
                            accept(element)
                        }
                    case .error(let error):
                        reportBindingError("Binding error to \(kind): \(error)", error: error, file: file, line: line)
                    case .completed:
                        break
                    }
                },
                file: file,
                line: line
            )
        }
    }
}
