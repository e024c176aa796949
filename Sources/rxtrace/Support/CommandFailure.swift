import ArgumentParser

/// A failure the user can act on, shown as one line `rxtrace: <message>` and exit status 2.
struct CommandFailure: Error, CustomStringConvertible {
    /// What went wrong, in one sentence without a trailing period.
    let message: String
    /// The exit status: 2 for bad input or a file that cannot be used.
    let status: Int32

    init(_ message: String, status: Int32 = 2) {
        self.message = message
        self.status = status
    }

    var description: String { message }
}
