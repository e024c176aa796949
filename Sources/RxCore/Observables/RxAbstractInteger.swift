/// The integer types that counting sequences such as `range`, `interval` and `timer` emit.
///
/// Any fixed-width integer qualifies: `Int`, `Int64`, `UInt8` and the rest. The sequences
/// count with wrapping arithmetic where they could run past the type's bounds.
public typealias RxAbstractInteger = FixedWidthInteger
