import Foundation
import RxCore

/// An observable whose operators block the calling thread until the sequence has an answer.
///
/// Made by ``RxCore/ObservableConvertibleType/toBlocking(timeout:)``. Each operator subscribes
/// to the source, waits for the events it needs, disposes the subscription and returns. It is
/// meant for tests and command-line tools: blocking an app's main thread freezes its UI.
///
/// ```swift
/// let numbers = Observable<Int>.create { observer in
///     observer.onNext(1)
///     observer.onNext(2)
///     observer.onCompleted()
///     return Disposables.create()
/// }
/// print(try numbers.toBlocking().toArray())   // [1, 2]
/// ```
///
/// The source may deliver on the calling thread during `subscribe` or later on any other
/// thread. Called on the main thread, the operators keep the main run loop turning while
/// they wait, so a source that delivers on the main queue still gets through.
public struct BlockingObservable<Element> {
    /// The longest time an operator waits before it throws `RxError.timeout`;
    /// `nil` waits for as long as it takes.
    let timeout: TimeInterval?
    /// The sequence the operators subscribe to.
    let source: Observable<Element>
}
