import Foundation

/// The file a recorded program appends a line to for each of its dumps at exit or on
/// `SIGUSR1` (`RXTRACE_OUTCOME_FILE`): `written`, or `not written: <reason>`.
struct DumpOutcomeFile {
    /// Where the file is.
    let path: String

    /// A new empty file in the temporary directory, or `nil` when none can be made (record
    /// then knows less about a trace sent into a FIFO, and says so as before).
    static func make() -> DumpOutcomeFile? {
        let directory = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array("\(directory)/rxtrace-record-outcome-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { return nil }
        close(descriptor)
        return DumpOutcomeFile(path: String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }

    /// The lines the program wrote, in order.
    func lines() -> [String] {
        let data = FileManager.default.contents(atPath: path) ?? Data()
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    /// Removes the file.
    func remove() {
        unlink(path)
    }
}
