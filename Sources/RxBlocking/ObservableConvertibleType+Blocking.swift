import Foundation
import RxCore

extension ObservableConvertibleType {
    /// Wraps this sequence in a ``BlockingObservable``, whose operators wait for its events.
    ///
    /// ```swift
    /// let first = try numbers.toBlocking(timeout: 1).first()   // Optional(1)
    /// ```
    ///
    /// - Parameter timeout: The longest time, in seconds, that a blocking operator may wait
    ///   before it throws `RxError.timeout`; `nil` (the default) waits indefinitely.
    /// - Returns: The blocking view of this sequence.
    public func toBlocking(timeout: TimeInterval? = nil) -> BlockingObservable<Element> {
        BlockingObservable(timeout: timeout, source: asObservable())
    }
}
