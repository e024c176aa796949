import Foundation
import RxTraceFormat

/// The live channel of one running program, found from its process id and checked before it
/// is used: the folder must be private to the user, the socket a socket of the user's, and the
/// process alive. Each refusal is one line with exit status 2.
struct LiveTarget {
    /// The program's process id.
    let processID: Int32
    /// Its socket.
    let socketPath: String

    /// Finds the channel of process `processID`.
    ///
    /// - Throws: ``CommandFailure`` (status 2): no such process, no channel, an unsafe folder,
    ///   a socket of another user, a stale socket.
    init(processID: Int32) throws {
        guard processID > 0 else { throw CommandFailure("\(processID) is not a process id") }
        self.processID = processID
        let folder = LiveChannelLocation.currentFolder
        socketPath = LiveChannelLocation.socketPath(in: folder, processID: processID)
        let alive = kill(processID, 0) == 0 || errno == EPERM
        var status = stat()
        if lstat(folder, &status) != 0, errno == ENOENT {
            throw Self.missing(processID, alive: alive, socketPath: socketPath)
        }
        if let problem = LiveChannelLocation.folderProblem(folder) { throw CommandFailure(problem) }
        guard lstat(socketPath, &status) == 0 else {
            throw Self.missing(processID, alive: alive, socketPath: socketPath)
        }
        guard status.st_mode & S_IFMT == S_IFSOCK else {
            throw CommandFailure("\(socketPath) is not a socket; it is left as it is")
        }
        guard status.st_uid == getuid() else {
            throw CommandFailure("the socket \(socketPath) belongs to user \(status.st_uid), not to you (user \(getuid())); it is not used")
        }
        guard alive else {
            throw CommandFailure(
                "\(socketPath) is a stale socket: process \(processID) has ended (the next traced program with that id replaces it)")
        }
    }

    private static func missing(_ processID: Int32, alive: Bool, socketPath: String) -> CommandFailure {
        guard alive else { return CommandFailure("no process \(processID) is running") }
        return CommandFailure(
            "process \(processID) has no live channel (no \(socketPath)): it is not traced, runs with RXTRACE_LIVE=0, or has another XDG_RUNTIME_DIR"
        )
    }

    /// Sends one request (without the version, such as `mark after login`) and returns the
    /// program's answer, a JSON document.
    ///
    /// - Parameter timeout: The longest wait for the answer, in seconds.
    /// - Throws: ``CommandFailure``: status 2 when nothing answers on the socket (stale), 4 when
    ///   the program answered with an error or not within `timeout`.
    func request(_ request: String, timeout: Int = 10) throws -> String {
        let line = Array("v\(LiveChannelLocation.protocolVersion) \(request)\n".utf8)
        let answer = try LiveConnection.exchange(socketPath: socketPath, line: line, timeout: timeout) { reason in
            if reason == ECONNREFUSED {
                return CommandFailure(
                    "\(socketPath) is a stale socket: nothing answers on it (process \(processID) is not the program that made it)")
            }
            return CommandFailure("cannot reach process \(processID) on \(socketPath): \(String(cString: strerror(reason)))")
        }
        guard let text = answer else {
            throw CommandFailure("process \(processID) did not answer within \(timeout) s", status: LiveTarget.noAnswerStatus)
        }
        let trimmed = text.trimmingCharacters(in: .newlines)
        if trimmed.hasPrefix("error: ") {
            throw CommandFailure("process \(processID): \(trimmed.dropFirst("error: ".count))", status: LiveTarget.noAnswerStatus)
        }
        guard trimmed.hasPrefix("{") else {
            throw CommandFailure("process \(processID) answered something that is not JSON", status: LiveTarget.noAnswerStatus)
        }
        return trimmed
    }

    /// The exit status when the program refused a request or did not answer in time.
    static let noAnswerStatus: Int32 = 4
}
