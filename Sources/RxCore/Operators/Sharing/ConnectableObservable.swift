/// A sequence that shares one subscription to its source among its observers, and
/// subscribes to the source only when ``connect()`` is called.
public protocol ConnectableObservableType: ObservableType {
    /// Subscribes the shared subject to the source, if it is not subscribed already.
    ///
    /// - Returns: The connection: dispose it to unsubscribe from the source.
    func connect() -> Disposable
}

/// A sequence that shares one subscription to its source among its observers, and
/// subscribes to the source only when ``connect()`` is called.
///
/// Observers subscribe to the shared subject at any time; they receive the source's events
/// from the moment the connectable sequence is connected. Built by `multicast`, `publish`,
/// `replay` and `replayAll`; `refCount()` connects and disconnects it automatically.
///
/// ```swift
/// let shared = Observable.of(1, 2).publish()
/// _ = shared.subscribe(onNext: { print("A \($0)") })
/// _ = shared.subscribe(onNext: { print("B \($0)") })
/// _ = shared.connect()
/// // A 1, B 1, A 2, B 2
/// ```
public class ConnectableObservable<Element>: Observable<Element>, ConnectableObservableType {
    override init() {
        super.init()
    }

    /// Subscribes the shared subject to the source, if it is not subscribed already.
    ///
    /// Calling it again while connected returns the current connection.
    ///
    /// - Returns: The connection: dispose it to unsubscribe from the source.
    public func connect() -> Disposable {
        rxAbstractMethod()
    }
}
