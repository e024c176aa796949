import Foundation

/// What a leak assertion does when the build cannot count resources (no `TraceResources`
/// trait): it never passes silently.
///
/// Outside CI the check is skipped visibly, with a one-line reason that names the trait and
/// the command that counts. When the `CI` environment variable is set, a check that cannot count
/// is a failure, so a CI job that forgot the trait is not green on a leak; setting
/// `RXTRACE_ALLOW_UNCOUNTED=1` says the uncounted run is intended and turns the failure back
/// into the skip.
enum UncountedLeakCheck: Equatable {
    /// Report the check as skipped, with `reason`.
    case skip(reason: String)
    /// Report the check as failed, with `message`.
    case fail(message: String)

    /// The environment variable that allows an uncounted leak check in CI.
    static let allowVariable = "RXTRACE_ALLOW_UNCOUNTED"

    /// Why nothing was counted, in one line.
    static let reason =
        "leaks not checked: this build does not count resources; count with the TraceResources trait (swift test --traits TraceResources)"

    /// The outcome for a process with `environment`.
    ///
    /// - Parameter environment: The process's environment; the current one by default.
    /// - Returns: A skip, or a failure in CI without the opt-out.
    static func outcome(
        environment: [String: String] = currentEnvironment
    )
        -> UncountedLeakCheck
    {
        let inCI = isSet(environment["CI"])
        let allowed = environment[allowVariable] == "1"
        guard inCI, !allowed else { return .skip(reason: reason) }
        return .fail(message: "\(reason); CI is set, so this fails (set \(allowVariable)=1 to allow uncounted runs)")
    }

    /// Whether a variable's value means on: present, not empty, and not `0` or `false`.
    private static func isSet(_ value: String?) -> Bool {
        guard let value, !value.isEmpty else { return false }
        return value != "0" && value.lowercased() != "false"
    }

    /// The environment the assertions read: the one a test bound in ``Overrides`` (on systems
    /// with task-local values), else the process's.
    static var currentEnvironment: [String: String] {
        if #available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *), let environment = Overrides.environment {
            return environment
        }
        return ProcessInfo.processInfo.environment
    }

    /// The environment the project's own tests give the assertions instead of the process's.
    @available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *)
    enum Overrides {
        /// Bound by tests that check the uncounted behaviour under a chosen environment.
        @TaskLocal static var environment: [String: String]?
    }
}
