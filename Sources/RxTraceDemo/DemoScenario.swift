/// One built-in situation of the demo: a search screen opened and closed again and again, as
/// in the reference documents' search example.
package struct DemoScenario: Sendable {
    /// A short name, used for the trace file's name and as the heading.
    package let name: String
    /// What one repetition does.
    package let summary: String
    /// Opens the screen, types a few queries, and closes it.
    package let repetition: @Sendable () -> Void

    /// All scenarios, in the order the demo runs them.
    package static let all = [clean, leaking]

    /// The screen's subscription captures the screen weakly, so closing the screen frees it.
    package static let clean = DemoScenario(
        name: "clean",
        summary: "the screen's subscription captures the screen weakly"
    ) {
        SearchScreen.openTypeAndClose(capturesStrongly: false)
    }

    /// The screen's subscription captures the screen strongly while the screen owns the dispose
    /// bag that owns the subscription: a retain cycle, so every closed screen stays alive with
    /// its subscription.
    package static let leaking = DemoScenario(
        name: "leaking",
        summary: "the screen's subscription captures the screen strongly (a retain cycle)"
    ) {
        SearchScreen.openTypeAndClose(capturesStrongly: true)
    }
}
