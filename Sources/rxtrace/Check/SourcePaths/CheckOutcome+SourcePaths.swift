import Foundation

extension CheckFinding {
    /// This finding with its file as a path in the repository, or, when the file cannot be
    /// placed, with its `#fileID` kept and the reason added to the message.
    func placingFile(with resolver: SourcePathResolver) -> CheckFinding {
        guard let file else { return self }
        switch resolver.resolve(file) {
        case .path(let path):
            return CheckFinding(
                title: title, message: message, file: path, line: line, fingerprint: fingerprint, fileID: file, unplacedReason: nil)
        case .unresolved(let reason):
            return CheckFinding(
                title: title,
                message: message + " (\(file) is the #fileID the program was compiled with, not a repository path: \(reason))",
                file: file, line: line, fingerprint: fingerprint, fileID: file, unplacedReason: reason)
        }
    }
}

extension CheckOutcome {
    /// Whether a finding names a file, so that placing them is worth the package's description.
    var hasFiles: Bool { findings.contains { $0.file != nil } }

    /// The outcome with every finding's file placed by `resolver`.
    func placingFiles(with resolver: SourcePathResolver) -> CheckOutcome {
        CheckOutcome(path: path, report: report, status: status, reason: reason, findings: findings.map { $0.placingFile(with: resolver) })
    }

    /// One line per file left as a `#fileID`, for standard error: CI output that a server
    /// cannot place must not look placed.
    var unplacedFileWarnings: [String] {
        var seen: Set<String> = []
        return findings.compactMap { finding in
            guard let reason = finding.unplacedReason, let file = finding.file, seen.insert(file).inserted else { return nil }
            return "rxtrace: warning: \(file) left as the #fileID the program was compiled with: \(reason)"
        }
    }
}
