import ArgumentParser

/// How `rxtrace top` orders its resource rows; `s` moves to the next order while it runs.
enum TopOrder: String, CaseIterable, ExpressibleByArgument {
    /// Most live first.
    case live
    /// Most grown since `top` started first.
    case start
    /// Most grown since the last mark first.
    case mark
    /// By short name.
    case name

    /// The order after this one, for the `s` key.
    var next: TopOrder {
        let all = Self.allCases
        return all[(all.firstIndex(of: self)! + 1) % all.count]
    }
}
