/// The errors RxCocoa declares for its user-interface layer, so that code and libraries
/// written against RxCocoa (data sources, key-value observing helpers, casts of delegate
/// arguments) compile unchanged and can throw and match them.
///
/// rxtrace itself raises none of them; `URLSession.rx`'s errors are `RxCocoaURLError`.
///
/// ```swift
/// guard let items else { throw RxCocoaError.itemsNotYetBound(object: self) }
/// ```
///
/// @unchecked: the payloads (`Any`, `AnyObject`, `Any.Type`) are RxCocoa's API and are only described.
public enum RxCocoaError: Swift.Error, CustomDebugStringConvertible, @unchecked Sendable {
    /// An unknown error.
    case unknown
    /// An operation was attempted that `object` does not allow.
    case invalidOperation(object: Any)
    /// Items were requested from `object` before any were bound to it.
    case itemsNotYetBound(object: Any)
    /// `propertyName` is not a property of `object`.
    case invalidPropertyName(object: Any, propertyName: String)
    /// An object on a key path of `sourceObject` is not of the expected kind.
    case invalidObjectOnKeyPath(object: Any, sourceObject: AnyObject, propertyName: String)
    /// Intercepting a method of an object failed.
    case errorDuringSwizzling
    /// `object` could not be cast to `targetType`.
    case castingError(object: Any, targetType: Any.Type)
}

extension RxCocoaError {
    /// A sentence that says what went wrong.
    public var debugDescription: String {
        switch self {
        case .unknown:
            return "An unknown error occurred."
        case .invalidOperation(let object):
            return "An invalid operation was attempted on `\(object)`."
        case .itemsNotYetBound(let object):
            return "Items were requested from `\(object)` before any were bound to it."
        case .invalidPropertyName(let object, let propertyName):
            return "`\(object)` has no property named `\(propertyName)`."
        case .invalidObjectOnKeyPath(let object, let sourceObject, let propertyName):
            return "`\(object)`, at `\(propertyName)` of `\(sourceObject)`, is not of the expected kind."
        case .errorDuringSwizzling:
            return "Intercepting a method failed."
        case .castingError(let object, let targetType):
            return "`\(object)` could not be cast to `\(targetType)`."
        }
    }
}
