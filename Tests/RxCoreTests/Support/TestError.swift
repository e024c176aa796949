/// An error for tests that compares by its code.
struct TestError: Error, Equatable, CustomStringConvertible {
    var code: Int = 0
    var description: String { "TestError(\(code))" }
}

let testError = TestError(code: 1)
let testError2 = TestError(code: 2)
