/// A sequence that is also the observer feeding it: the protocol of the subjects.
///
/// A subject is an ``ObservableType`` that its observers subscribe to, and an observer that
/// you (or a source) push events into. `asObserver()` returns the observer side.
///
/// ```swift
/// let subject = PublishSubject<Int>()
/// _ = subject.subscribe(onNext: { print($0) })
/// subject.asObserver().onNext(1)   // 1
/// ```
public protocol SubjectType: ObservableType {
    /// The type of the observer side of the subject.
    associatedtype Observer: ObserverType

    /// Returns the observer side of the subject: the object that receives its events.
    ///
    /// - Returns: The observer that feeds this subject.
    func asObserver() -> Observer
}
