/// Moves a value into a `@Sendable` test closure; the test itself guarantees exclusive use.
struct SendableBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
