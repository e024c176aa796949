import RxCore
import RxTest
import Testing

/// Shared pieces of the filtering operator tests.
enum FilteringSupport {
    /// A predicate error distinct from the sources' `testError`.
    static let predicateError = TestError(code: 42)
}
