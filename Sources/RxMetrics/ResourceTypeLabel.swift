/// The `type` dimension of a resource type: its outermost name without generic arguments
/// (`MapSink<Int, String>` is `MapSink`), so that each operator is one series however many
/// element types it is used with.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
enum ResourceTypeLabel {
    /// The label for the type named `name`.
    static func label(for name: String) -> String {
        let outer = name.prefix { $0 != "<" }
        // A nested type keeps only its own name: `Outer.Inner` is `Inner`.
        let last = outer.split(separator: ".").last.map(String.init) ?? String(outer)
        return last.isEmpty ? name : last
    }
}
