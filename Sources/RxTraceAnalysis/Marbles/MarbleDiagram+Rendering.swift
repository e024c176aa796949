import RxTraceFormat

extension MarbleDiagram {
    /// The diagram as text: a heading, one line per subscription, notes on what was left
    /// out, and the full values of elements the lines had to cut.
    ///
    /// Time is scaled so that the span from the first subscription's start to the last event
    /// of any subscription fills the columns after the labels. Every event is drawn; where
    /// several fall into one column they are combined (see ``MarbleDiagram``). Values are cut
    /// to what the width leaves them; when one is cut, the subscription's values are listed
    /// in full below the lines (as RxTest's failure diagrams do), so nothing is lost:
    ///
    /// ```text
    /// titles  App/Main.swift:12  1 subscription over 40 ns, 1 column ≈ 1 ns
    /// #1  Resu…---------------Seco…-------------|
    /// Values in full:
    ///   #1: "Result 1", "Second result"
    /// ```
    ///
    /// - Parameters:
    ///   - width: The columns of a line, labels included (the terminal's width); at least 8
    ///     columns are always used for the time line.
    ///   - valueWidth: The most characters an element's text takes; longer ones are cut with
    ///     `…`. At least 2. `nil` (the default) uses the width: each element of the most
    ///     crowded line gets an equal share of the columns, at least 4 characters.
    /// - Returns: The lines, separated by newlines, without a final newline.
    public func render(width: Int = 80, valueWidth: Int? = nil) -> String {
        let labels = subscriptions.map { "#\($0.subscription)" }
        let labelWidth = (labels.map(\.count).max() ?? 0) + 2
        let columns = max(max(width, 0) - labelWidth, 8)
        let valueWidth = valueWidth ?? automaticValueWidth(columns: columns)
        let first = subscriptions.compactMap(\.firstTimestamp).min() ?? 0
        let last = subscriptions.compactMap(\.lastTimestamp).max() ?? first
        // Timestamps come from the file and need not be in order.
        let span = last >= first ? last - first : 0

        var heading = "\(identifier)  \(file):\(line)  "
        if subscriptions.isEmpty {
            heading += "no subscriptions"
        } else {
            heading += LeakText.counted(subscriptions.count + droppedSubscriptions, "subscription")
            heading += " over \(DurationText.format(nanoseconds: span))"
            if span > 0 {
                heading += ", 1 column ≈ \(DurationText.format(nanoseconds: span / UInt64(columns - 1)))"
            }
        }
        var lines = [heading]

        func column(_ time: UInt64) -> Int {
            guard span > 0, time > first else { return 0 }
            let scaled = Double(time - first) / Double(span) * Double(columns - 1)
            // Clamp in Double first: a time far past `last` would overflow the conversion.
            return Int(min(scaled, Double(columns - 1)).rounded(.down))
        }
        let layout = MarbleLineLayout(width: columns)
        var cut: [(label: String, values: [String])] = []
        for (subscription, label) in zip(subscriptions, labels) {
            let values = subscription.eventsInTimeOrder.compactMap { event -> String? in
                if case .next(let value) = event.kind { return value }
                return nil
            }
            if values.contains(where: { Self.isLonger($0, than: max(valueWidth, 2)) }) {
                cut.append((label, values))
            }
            var tokens: [MarbleLineLayout.Token] = []
            for event in subscription.eventsInTimeOrder {
                switch event.kind {
                case .next(let value):
                    tokens.append(.init(column: column(event.timestamp), text: Self.shortened(value, to: valueWidth), isElement: true))
                case .error:
                    tokens.append(.init(column: column(event.timestamp), text: "X", isElement: false))
                case .completed:
                    tokens.append(.init(column: column(event.timestamp), text: "|", isElement: false))
                }
            }
            if !subscription.isTerminated {
                if let disposedAt = subscription.disposedAt {
                    tokens.append(.init(column: column(disposedAt), text: "!", isElement: false))
                } else {
                    tokens.append(.init(column: columns - 1, text: ">", isElement: false))
                }
            }
            let start = column(subscription.firstTimestamp ?? first)
            let padded = label + String(repeating: " ", count: labelWidth - label.count)
            lines.append(padded + layout.render(start: start, tokens: tokens))
        }

        for (subscription, label) in zip(subscriptions, labels) where subscription.droppedElements > 0 {
            lines.append(
                "  \(label): \(LeakText.counted(subscription.droppedElements, "more element")) not drawn "
                    + "(the first \(limits.elementsPerSubscription) are kept)"
            )
        }
        if droppedSubscriptions > 0 {
            lines.append(
                "  \(LeakText.counted(droppedSubscriptions, "more subscription")) not drawn "
                    + "(the first \(limits.subscriptionsPerProbe) are kept)"
            )
        }
        if !cut.isEmpty {
            lines.append("Values in full:")
            for (label, values) in cut {
                var listed = values.prefix(Self.valuesListedInFull).map(JSONText.quoted).joined(separator: ", ")
                if values.count > Self.valuesListedInFull {
                    listed += ", … and \(values.count - Self.valuesListedInFull) more"
                }
                lines.append("  \(label): \(listed)")
            }
        }
        return lines.joined(separator: "\n")
    }

    /// How many values of one subscription the full listing shows.
    static let valuesListedInFull = 20

    /// The value width that shares `columns` between the elements of the most crowded line,
    /// one column each kept for the `-` between them; at least 4 and no more than the longest
    /// value needs.
    func automaticValueWidth(columns: Int) -> Int {
        var crowd = 1
        var longest = 0
        for subscription in subscriptions {
            var elements = 0
            for event in subscription.events {
                if case .next(let value) = event.kind {
                    elements += 1
                    // The answer is below `columns`: counting further would only cost time.
                    longest = max(longest, Self.count(value, upTo: columns))
                }
            }
            crowd = max(crowd, elements)
        }
        return max(4, min(longest, columns / crowd - 1))
    }

    /// Whether `text` has more than `limit` characters, counting no further than that.
    static func isLonger(_ text: String, than limit: Int) -> Bool {
        count(text, upTo: limit + 1) > limit
    }

    /// The number of characters of `text`, or `limit` when it has at least that many.
    static func count(_ text: String, upTo limit: Int) -> Int {
        var count = 0
        for _ in text {
            guard count < limit else { break }
            count += 1
        }
        return count
    }

    /// An element's text as a marble: whitespace and control characters as `·`, the empty
    /// text as `""`, and at most `width` characters, the last one `…` when cut.
    static func shortened(_ text: String, to width: Int) -> String {
        if text.isEmpty { return "\"\"" }
        let limit = max(width, 2)
        // Only the characters that can be shown are looked at: a value of a megabyte costs
        // no more than a short one.
        let visible = String(
            text.prefix(limit + 1).map { character -> Character in
                character.isWhitespace || character.unicodeScalars.contains { $0.properties.generalCategory == .control }
                    ? "·" : character
            }
        )
        guard visible.count > limit else { return visible }
        return String(visible.prefix(limit - 1)) + "…"
    }
}
