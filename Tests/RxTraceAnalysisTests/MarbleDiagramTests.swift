import RxTraceFormat
import Testing

@testable import RxTraceAnalysis

private func next(_ time: UInt64, _ value: String) -> MarbleEvent {
    MarbleEvent(timestamp: time, kind: .next(value))
}

private func diagram(_ subscriptions: [MarbleSubscription], dropped: Int = 0, limits: MarbleDiagram.Limits = .init()) -> MarbleDiagram {
    MarbleDiagram(
        probe: 0,
        identifier: "numbers",
        file: "App/Main.swift",
        line: 12,
        subscriptions: subscriptions,
        droppedSubscriptions: dropped,
        limits: limits
    )
}

/// `1, 2, 3` at 10, 20, 30 ns and completed at 40 ns.
private let oneTwoThree = MarbleSubscription(
    subscription: 1,
    thread: "main",
    subscribedAt: 0,
    events: [next(10, "1"), next(20, "2"), next(30, "3"), MarbleEvent(timestamp: 40, kind: .completed)],
    disposedAt: 40
)

/// The elements a rendered line shows: single ones, listed ones in groups, and counted groups.
private func elementCount(_ line: Substring, element: Character) -> Int {
    var total = line.count { $0 == element }
    var rest = line[...]
    while let mark = rest.firstIndex(of: "×") {
        let digits = rest[rest.index(after: mark)...].prefix { $0.isNumber }
        total += Int(digits) ?? 0
        rest = rest[rest.index(after: mark)...]
    }
    return total
}

@Suite("MarbleDiagram: drawing")
struct MarbleDiagramTests {
    @Test("Elements at their scaled time, then the completion")
    func completedSequence() {
        #expect(
            diagram([oneTwoThree]).render(width: 45) == """
                numbers  App/Main.swift:12  1 subscription over 40 ns, 1 column ≈ 1 ns
                #1  ----------1---------2---------3---------|
                """
        )
    }

    @Test("A later subscription starts where it subscribed; an error is X")
    func errorAndLaterStart() {
        let failing = MarbleSubscription(
            subscription: 2,
            thread: "main",
            subscribedAt: 12,
            events: [next(17, "a"), MarbleEvent(timestamp: 26, kind: .error("timeout"))],
            disposedAt: 26
        )
        #expect(
            diagram([oneTwoThree, failing]).render(width: 45) == """
                numbers  App/Main.swift:12  2 subscriptions over 40 ns, 1 column ≈ 1 ns
                #1  ----------1---------2---------3---------|
                #2              -----a--------X
                """
        )
    }

    @Test("Still open at the end: > in the last column; disposed early: !")
    func openAndDisposedEarly() {
        let open = MarbleSubscription(subscription: 3, thread: "main", subscribedAt: 0, events: [next(10, "x")])
        let disposed = MarbleSubscription(subscription: 4, thread: "main", subscribedAt: 0, events: [next(10, "x")], disposedAt: 20)
        #expect(
            diagram([oneTwoThree, open, disposed]).render(width: 45) == """
                numbers  App/Main.swift:12  3 subscriptions over 40 ns, 1 column ≈ 1 ns
                #1  ----------1---------2---------3---------|
                #3  ----------x----------------------------->
                #4  ----------x---------!
                """
        )
    }

    @Test("Elements in one column are combined: listed up to three, counted beyond")
    func sameColumn() {
        let three = MarbleSubscription(
            subscription: 7,
            thread: "main",
            subscribedAt: 5,
            events: [next(5, "1"), next(5, "2"), next(5, "3"), MarbleEvent(timestamp: 5, kind: .completed)],
            disposedAt: 5
        )
        #expect(
            diagram([three]).render(width: 40) == """
                numbers  App/Main.swift:12  1 subscription over 0 ns
                #7  (1,2,3)|
                """
        )
        var five = three
        five.events.insert(contentsOf: [next(5, "4"), next(5, "5")], at: 3)
        #expect(diagram([five]).render(width: 40).split(separator: "\n")[1] == "#7  (×5)|")
    }

    @Test("Elements in neighbouring columns shift right, keeping a - between them")
    func neighboursShift() {
        let crowded = MarbleSubscription(
            subscription: 1,
            thread: "main",
            subscribedAt: 0,
            events: [next(10, "ab"), next(11, "cd"), next(12, "e"), MarbleEvent(timestamp: 40, kind: .completed)],
            disposedAt: 40
        )
        #expect(
            diagram([crowded]).render(width: 45).split(separator: "\n")[1] == "#1  ----------ab-cd-e" + String(repeating: "-", count: 23)
                + "|")
    }

    @Test("At the right edge, tokens are pulled back to the left instead of running past the width")
    func rightEdge() {
        let late = MarbleSubscription(
            subscription: 1,
            thread: "main",
            subscribedAt: 0,
            events: [next(39, "ab"), next(40, "cd"), MarbleEvent(timestamp: 40, kind: .completed)],
            disposedAt: 40
        )
        let line = diagram([late]).render(width: 45).split(separator: "\n")[1]
        #expect(line == "#1  " + String(repeating: "-", count: 35) + "ab-cd|")
        #expect(line.count == 45)
    }

    @Test("Long values are cut with …; whitespace shows as ·; the empty text as \"\"")
    func shortenedValues() {
        #expect(MarbleDiagram.shortened("hello", to: 4) == "hel…")
        #expect(MarbleDiagram.shortened("hell", to: 4) == "hell")
        #expect(MarbleDiagram.shortened("a b\nc", to: 10) == "a·b·c")
        #expect(MarbleDiagram.shortened("", to: 4) == "\"\"")
        #expect(MarbleDiagram.shortened("abc", to: 0) == "a…")
        let words = MarbleSubscription(
            subscription: 1,
            thread: "main",
            subscribedAt: 0,
            events: [next(0, "Result 1"), next(20, ""), MarbleEvent(timestamp: 40, kind: .completed)],
            disposedAt: 40
        )
        #expect(
            diagram([words]).render(width: 45, valueWidth: 5).split(separator: "\n")[1]
                == "#1  Resu…---------------\"\"------------------|"
        )
    }

    @Test("A hundred elements in sixteen columns: the line keeps its width and every element")
    func denseLineFits() {
        let events = (0..<100).map { next(UInt64($0), "e") } + [MarbleEvent(timestamp: 99, kind: .completed)]
        let dense = MarbleSubscription(subscription: 1, thread: "main", subscribedAt: 0, events: events, disposedAt: 99)
        let line = diagram([dense]).render(width: 20).split(separator: "\n")[1].dropFirst(4)
        #expect(line.count <= 16)
        #expect(line.last == "|")
        #expect(elementCount(line, element: "e") == 100)
        // Spans of 7 columns leave three groups that cannot fit; spans of 8 columns give two.
        #expect(line == "(×53)---(×47)--|")
    }

    @Test("A narrow width still gives the time line 8 columns")
    func narrowWidth() {
        let text = diagram([oneTwoThree]).render(width: 5)
        #expect(text.split(separator: "\n")[1] == "#1  -1-2-3-|")
    }

    @Test("A probe without subscriptions says so")
    func noSubscriptions() {
        #expect(diagram([]).render() == "numbers  App/Main.swift:12  no subscriptions")
    }

    @Test("Left-out elements and subscriptions are noted under the lines")
    func truncationNotes() {
        var kept = oneTwoThree
        kept.droppedElements = 997
        let text = diagram([kept], dropped: 57, limits: .init(subscriptionsPerProbe: 1, elementsPerSubscription: 3)).render(width: 45)
        #expect(
            text == """
                numbers  App/Main.swift:12  58 subscriptions over 40 ns, 1 column ≈ 1 ns
                #1  ----------1---------2---------3---------|
                  #1: 997 more elements not drawn (the first 3 are kept)
                  57 more subscriptions not drawn (the first 1 are kept)
                """
        )
    }
}

@Suite("MarbleDiagram: elements that look like symbols")
struct MarbleSymbolTests {
    @Test("An element holding a symbol is drawn as a group of one; in a group it is listed as is")
    func symbolsInValues() {
        let values = MarbleSubscription(
            subscription: 1,
            thread: "main",
            subscribedAt: 0,
            events: [next(0, "-2"), next(10, "X"), next(20, "a|b"), next(30, "x"), next(30, "-1")],
            disposedAt: 40
        )
        #expect(
            diagram([values]).render(width: 45).split(separator: "\n")[1]
                == "#1  (-2)------(X)-------(a|b)-----(x,-1)----!"
        )
    }
}

@Suite("MarbleDiagram: records out of time order")
struct MarbleOrderTests {
    @Test("Events are drawn in time order and the time line covers them all")
    func outOfOrder() {
        let shuffled = MarbleSubscription(
            subscription: 1,
            thread: "main",
            subscribedAt: nil,
            events: [next(30, "3"), next(10, "1"), MarbleEvent(timestamp: 40, kind: .completed), next(20, "2")],
            disposedAt: 0
        )
        #expect(
            diagram([shuffled]).render(width: 45) == """
                numbers  App/Main.swift:12  1 subscription over 40 ns, 1 column ≈ 1 ns
                #1  ----------1---------2---------3---------|
                """
        )
    }
}

@Suite("MarbleDiagram: long values")
struct MarbleLongValueTests {
    /// Two long values at 0 and 20 ns, completed at 40 ns.
    private let titles = MarbleSubscription(
        subscription: 1,
        thread: "main",
        subscribedAt: 0,
        events: [next(0, "Result 1 of the search"), next(20, "Second \"quoted\" result"), MarbleEvent(timestamp: 40, kind: .completed)],
        disposedAt: 40
    )

    @Test("A wide line shows long values whole and lists nothing below")
    func wideWidthShowsValuesWhole() {
        let lines = diagram([titles]).render(width: 200).split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[1].contains("Result·1·of·the·search"))
        #expect(lines[1].contains("Second·\"quoted\"·result"))
        #expect(lines[1].hasSuffix("|"))
    }

    @Test("A narrow line cuts the values to its share and lists them in full below")
    func narrowWidthListsValuesInFull() {
        #expect(
            diagram([titles]).render(width: 45) == """
                numbers  App/Main.swift:12  1 subscription over 40 ns, 1 column ≈ 1 ns
                #1  Result·1·of·the·se…-Second·"quoted"·re…-|
                Values in full:
                  #1: "Result 1 of the search", "Second \\"quoted\\" result"
                """
        )
    }

    @Test("The full listing keeps every value on one line: control characters are escaped as in JSON")
    func fullListingEscapesControlCharacters() {
        let value = "bell\u{07}form\u{0C}line\nend"
        let subscription = MarbleSubscription(
            subscription: 1,
            thread: "main",
            subscribedAt: 0,
            events: [next(0, value), MarbleEvent(timestamp: 40, kind: .completed)],
            disposedAt: 40
        )
        let rendered = diagram([subscription]).render(width: 16)
        #expect(rendered.hasSuffix("\n  #1: \"bell\\u0007form\\u000cline\\nend\""), "\(rendered)")
    }

    @Test("An explicit value width is kept, and the full listing stops after 20 values")
    func explicitWidthAndListingLimit() {
        let many = MarbleSubscription(
            subscription: 3,
            thread: "main",
            subscribedAt: 0,
            events: (0..<25).map { next(UInt64($0), "value \($0)") },
            disposedAt: 30
        )
        let lines = diagram([many]).render(width: 200, valueWidth: 3).split(separator: "\n")
        #expect(lines[1].contains("va…"))
        #expect(lines[2] == "Values in full:")
        #expect(lines[3].hasPrefix("  #3: \"value 0\", \"value 1\""))
        #expect(lines[3].hasSuffix("\"value 19\", … and 5 more"))
    }
}
