/// Type names a person can read: `MapSink<Int, DebugSink<AnonymousObserver<Int>>>` becomes the
/// operator chain `map ← debug ← AnonymousObserver`, and a long generic name keeps its outer
/// type with the arguments elided (`ReplaySubject<…>`). Reports keep the full name beside it.
package enum TypeNameText {
    /// Names up to this length with no sink in them are shown whole.
    static let shortLength = 40

    /// The readable form of `name`.
    package static func readable(_ name: String) -> String {
        guard name.contains("<"), let node = TypeNameNode(parsing: name) else { return name }
        if isSink(node.base) {
            var links: [String] = []
            var current: TypeNameNode? = node
            while let link = current, links.count < 12 {
                if isSink(link.base) {
                    links.append(operatorName(link.base))
                    // A sink's last generic argument is the observer it feeds, when it has one.
                    current = link.arguments.last.flatMap { isSink($0.base) || $0.base.hasSuffix("Observer") ? $0 : nil }
                } else {
                    links.append(link.base)
                    current = nil
                }
            }
            return links.joined(separator: " ← ")
        }
        if name.count <= shortLength { return name }
        return node.arguments.isEmpty ? node.base : node.base + "<…>"
    }

    private static func isSink(_ base: String) -> Bool {
        base.count > 4 && base.hasSuffix("Sink")
    }

    /// `DistinctUntilChangedSink` → `distinctUntilChanged`.
    private static func operatorName(_ base: String) -> String {
        let stem = base.dropLast(4)
        return stem.prefix(1).lowercased() + stem.dropFirst()
    }
}

/// A generic type name split into its base name and arguments.
struct TypeNameNode: Hashable {
    var base: String
    var arguments: [TypeNameNode]

    /// Parses `A<B, C<D>>`; `nil` when the brackets do not balance.
    init?(parsing text: String) {
        var characters = Substring(text)
        guard let node = Self.parse(&characters), characters.allSatisfy(\.isWhitespace) else { return nil }
        self = node
    }

    private init(base: String, arguments: [TypeNameNode]) {
        self.base = base
        self.arguments = arguments
    }

    /// The text up to the next `<`, `>` or `,` outside parentheses (tuples and function types
    /// such as `(Int, String) -> Void` stay whole).
    private static func baseName(_ text: Substring) -> Substring {
        var depth = 0
        var previous: Character = " "
        var end = text.startIndex
        for index in text.indices {
            let character = text[index]
            if character == "(" { depth += 1 }
            if character == ")" { depth = max(depth - 1, 0) }
            if depth == 0, character == "<" || character == "," || (character == ">" && previous != "-") {
                break
            }
            previous = character
            end = text.index(after: index)
        }
        return text[..<end]
    }

    private static func parse(_ text: inout Substring) -> TypeNameNode? {
        let base = baseName(text)
        text = text.dropFirst(base.count)
        var arguments: [TypeNameNode] = []
        if text.first == "<" {
            text = text.dropFirst()
            while true {
                text = text.drop(while: \.isWhitespace)
                guard let argument = parse(&text) else { return nil }
                arguments.append(argument)
                if text.first == "," {
                    text = text.dropFirst()
                } else if text.first == ">" {
                    text = text.dropFirst()
                    break
                } else {
                    return nil
                }
            }
        }
        return TypeNameNode(base: base.trimmingWhitespace(), arguments: arguments)
    }
}

extension Substring {
    fileprivate func trimmingWhitespace() -> String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
