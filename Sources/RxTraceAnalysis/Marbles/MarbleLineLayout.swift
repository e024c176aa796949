/// Lays out one subscription's marble line in a fixed number of columns without losing an
/// event.
///
/// Each token has an ideal column (its time scaled to the width). Elements in the same column
/// are combined into one group: `(a,b)`, or `(×n)` for more than ``maxListed``; a single
/// element whose text holds a symbol is drawn as a group of one, `(-2)`. Tokens are
/// placed at their ideal column or, when the previous token is in the way, just after it
/// (two elements always keep a `-` between them; `|`, `X`, `!` and `>` may touch the
/// element before). When the line would run past the last column, the tokens are pulled back
/// to the left as little as needed; when even that fails, elements are combined over wider
/// and wider spans of columns until the line fits.
struct MarbleLineLayout {
    /// One thing to draw: an element, or a single-character ending symbol.
    struct Token: Equatable {
        /// The ideal column.
        var column: Int
        /// The element's text (already shortened), or the ending symbol.
        var text: String
        /// Whether it is an element (elements may be grouped and keep apart from each other).
        var isElement: Bool
    }

    private struct Piece {
        var column: Int
        var texts: [String]
        var isElement: Bool

        var text: String {
            guard isElement else { return texts[0] }
            if texts.count == 1 {
                let single = texts[0]
                return single.contains(where: MarbleLineLayout.symbols.contains) ? "(" + single + ")" : single
            }
            if texts.count > MarbleLineLayout.maxListed { return "(×\(texts.count))" }
            return "(" + texts.joined(separator: ",") + ")"
        }
    }

    /// The characters that mean something in a line; an element whose text has one is drawn
    /// in parentheses, as a group of one: `(-2)`, `(X)`.
    static let symbols: Set<Character> = ["-", "|", "X", "!", ">", "(", ")", ",", "×"]

    /// The most elements a group lists before it shows only their count.
    static let maxListed = 3

    /// The number of columns.
    var width: Int

    /// The line: spaces before `start`, `-` from there, the tokens over them.
    ///
    /// - Parameters:
    ///   - start: The column where the subscription starts.
    ///   - tokens: The tokens in time order.
    func render(start: Int, tokens: [Token]) -> String {
        var span = 1
        while true {
            let pieces = group(tokens, span: span)
            let lengths = pieces.map { $0.text.count }
            if let positions = place(pieces, lengths: lengths, start: start) {
                return draw(pieces, positions: positions, lineStart: min(start, positions.first ?? start))
            }
            if span >= width {
                // Even one group per line does not fit after `start`: start earlier, or, when
                // nothing fits at all, run past the width rather than drop anything.
                let positions =
                    place(pieces, lengths: lengths, start: 0)
                    ?? forward(pieces, lengths: lengths, start: min(start, max(0, width - (lengths.first ?? 0))))
                return draw(pieces, positions: positions, lineStart: min(start, positions.first ?? start))
            }
            span += 1
        }
    }

    /// Tokens with elements combined when their columns fall into the same span of `span`
    /// columns.
    private func group(_ tokens: [Token], span: Int) -> [Piece] {
        var pieces: [Piece] = []
        for token in tokens {
            if token.isElement, let last = pieces.last, last.isElement, last.column / span == token.column / span {
                pieces[pieces.count - 1].texts.append(token.text)
            } else {
                pieces.append(Piece(column: token.column, texts: [token.text], isElement: token.isElement))
            }
        }
        return pieces
    }

    private func gap(_ pieces: [Piece], _ index: Int) -> Int {
        index > 0 && pieces[index].isElement && pieces[index - 1].isElement ? 1 : 0
    }

    /// Each piece at its ideal column or just after the previous one.
    private func forward(_ pieces: [Piece], lengths: [Int], start: Int) -> [Int] {
        var positions: [Int] = []
        var end = start
        for index in pieces.indices {
            let position = max(pieces[index].column, index == 0 ? start : end + gap(pieces, index))
            positions.append(position)
            end = position + lengths[index]
        }
        return positions
    }

    /// Positions that keep every piece within the width and after `start`, or `nil`.
    private func place(_ pieces: [Piece], lengths: [Int], start: Int) -> [Int]? {
        var positions = forward(pieces, lengths: lengths, start: start)
        guard let last = positions.last, let lastLength = lengths.last else { return positions }
        if last + lastLength <= width { return positions }
        var limit = width
        for index in pieces.indices.reversed() {
            positions[index] = min(positions[index], limit - lengths[index])
            limit = positions[index] - gap(pieces, index)
        }
        return positions[0] >= start ? positions : nil
    }

    private func draw(_ pieces: [Piece], positions: [Int], lineStart: Int) -> String {
        let end = zip(pieces, positions).map { $1 + $0.text.count }.max() ?? lineStart
        var line = [Character](repeating: " ", count: max(end, lineStart))
        for column in lineStart..<end {
            line[column] = "-"
        }
        for (piece, position) in zip(pieces, positions) {
            for (offset, character) in piece.text.enumerated() {
                line[position + offset] = character
            }
        }
        return String(line)
    }
}
