// The bodies shared by the trait forms that subscribe several targets at once: Driver's
// `drive` and Signal's `emit` to observers and to relays.

extension ObservableType {
    /// Subscribes one handler that passes every event to each of `observers`, in order.
    ///
    /// - Parameter observers: The observers that receive the events.
    /// - Returns: A disposable that cancels the subscription.
    func subscribe<Observer: ObserverType>(fanningOutTo observers: [Observer]) -> Disposable
    where Observer.Element == Element {
        subscribe { event in
            for observer in observers {
                observer.on(event)
            }
        }
    }

    /// Subscribes one handler that passes every element to each of `accepts`, in order; a
    /// relay's `accept` is the usual one.
    ///
    /// - Parameter accepts: The closures that take the elements.
    /// - Returns: A disposable that cancels the subscription.
    func subscribe(accepting accepts: [(Element) -> Void]) -> Disposable {
        subscribe(onNext: { element in
            for accept in accepts {
                accept(element)
            }
        })
    }
}
