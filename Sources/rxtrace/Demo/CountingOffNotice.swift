/// What `rxtrace demo` says when it was built without the `TraceResources` trait.
enum CountingOffNotice {
    /// The command line that builds and runs the demo with counting on.
    static let command = "swift run --traits TraceResources rxtrace demo"

    /// The full notice.
    static let text = """
        Resource counting is off: this rxtrace was built without the TraceResources trait, \
        so every count would read 0 and no verdict could be given.
        Run the demo with counting on:
            \(command)
        """
}
