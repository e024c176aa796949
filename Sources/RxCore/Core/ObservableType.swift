/// A push-based sequence of elements: the protocol behind ``Observable`` and the subjects.
///
/// Nothing happens until `subscribe` is called: each subscription starts the sequence's work
/// for that observer, and the returned ``Disposable`` stops it.
public protocol ObservableType: ObservableConvertibleType {
    /// Subscribes `observer` to the events of this sequence.
    ///
    /// Events arrive one at a time, in grammar order (`next* (error | completed)?`), and the
    /// resources the subscription holds are freed when it terminates or is disposed.
    ///
    /// - Parameter observer: The observer that receives the events.
    /// - Returns: A disposable that cancels the subscription.
    func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element
}

extension ObservableType {
    /// Presents this sequence as an ``Observable``, wrapping it when it is not one already.
    public func asObservable() -> Observable<Element> {
        Observable.create { observer in
            self.subscribe(observer)
        }
    }
}
