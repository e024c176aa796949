/// The errors the core itself produces.
///
/// @unchecked: the only non-`Sendable` payload, `.disposed`'s object, is only described.
public enum RxError: Swift.Error, CustomDebugStringConvertible, @unchecked Sendable {
    /// An unknown error.
    case unknown
    /// An operation was attempted on a disposed object (a subject after `dispose()`).
    case disposed(object: AnyObject)
    /// An arithmetic overflow.
    case overflow
    /// An argument was outside its allowed range.
    case argumentOutOfRange
    /// A sequence had no elements where one was required.
    case noElements
    /// A sequence had more than one element where exactly one was required.
    case moreThanOneElement
    /// A `timeout` operator saw no event in time.
    case timeout
}

extension RxError {
    /// A sentence that says what went wrong.
    public var debugDescription: String {
        switch self {
        case .unknown:
            return "Unknown error occurred."
        case .disposed(let object):
            return "Object `\(object)` was already disposed."
        case .overflow:
            return "Arithmetic overflow occurred."
        case .argumentOutOfRange:
            return "Argument out of range."
        case .noElements:
            return "Sequence doesn't contain any elements."
        case .moreThanOneElement:
            return "Sequence contains more than one element."
        case .timeout:
            return "Sequence timeout."
        }
    }
}
