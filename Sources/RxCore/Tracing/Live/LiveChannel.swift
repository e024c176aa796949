import CRxTrace
import Foundation
internal import RxTraceFormat

/// The live channel: while tracing, one background thread answers requests on a Unix domain
/// socket (``LiveChannelLocation``), so that `rxtrace top`, `mark` and `snapshot` can look at
/// and act on a running program without any code in it. Nothing runs on the event path: a
/// request reads the same totals and tables a dump does.
///
/// Each connection carries one request line and gets one answer, a JSON document or a line
/// `error: ...`, then is closed. A client that sends garbage gets an error line; one that sends
/// nothing is dropped after ``requestDeadline``; one that stops reading its answer holds the
/// thread up for ``sendTimeout`` seconds at most; one that goes away costs nothing (no
/// `SIGPIPE`). At most ``maximumClients`` wait at once: a new one drops the one waiting longest.
///
/// Started once per process by the first trace that asks for it (``TraceConfiguration/servesLive``);
/// its socket is removed at normal exit, and a stale one left by an ended process with the same
/// id is replaced.
enum LiveChannel {
    private struct State {
        var started = false
        var socketPath: String?
        /// The process that made the socket: a child forked later must not remove it.
        var owner: Int32 = 0
    }

    private static let state = LockedValue(State())

    /// How long a client has to send its whole request line, in nanoseconds.
    static let requestDeadline: UInt64 = 2_000_000_000
    /// How long an answer waits for a client that does not read it, in seconds.
    static let sendTimeout = 2
    /// The most clients waiting to send their requests at once.
    static let maximumClients = 32

    /// Starts the channel when `configuration` asks for it and it is not running yet; a problem
    /// (an unsafe folder, a path too long) is one line on standard error, and tracing goes on.
    static func start(for configuration: TraceConfiguration) {
        guard configuration.servesLive else { return }
        let first = state.withLock { state -> Bool in
            if state.started { return false }
            state.started = true
            return true
        }
        guard first else { return }
        switch openSocket() {
        case .success(let (listener, path)):
            state.withLock {
                $0.socketPath = path
                $0.owner = getpid()
            }
            atexit { LiveChannel.removeSocket() }
            let thread = Thread { LiveChannel.serve(listener) }
            thread.name = "rxtrace.live"
            thread.start()
        case .failure(let problem):
            FileHandle.standardError.write(Data("rxtrace: live channel not started: \(problem.message)\n".utf8))
        }
    }

    /// The socket this process listens on, or `nil` when the channel is not running.
    static var socketPath: String? {
        state.withLock { $0.socketPath }
    }

    /// Removes the socket at exit, in the process that made it only.
    private static func removeSocket() {
        let path = state.withLock { $0.owner == getpid() ? $0.socketPath : nil }
        if let path { unlink(path) }
    }

    /// Makes the private folder and the listening socket in it.
    private static func openSocket() -> Result<(Int32, String), LiveRequestError> {
        let folder = LiveChannelLocation.currentFolder
        if mkdir(folder, 0o700) != 0, errno != EEXIST {
            return .failure(LiveRequestError("cannot create \(folder): \(String(cString: strerror(errno)))"))
        }
        if let problem = LiveChannelLocation.folderProblem(folder) {
            return .failure(LiveRequestError(problem))
        }
        let path = LiveChannelLocation.socketPath(in: folder, processID: getpid())
        guard path.utf8.count <= LiveChannelLocation.maximumPathBytes else {
            return .failure(LiveRequestError("the socket path \(path) is longer than a socket address holds"))
        }
        var status = stat()
        if lstat(path, &status) == 0 {
            guard status.st_mode & S_IFMT == S_IFSOCK else {
                return .failure(LiveRequestError("\(path) is there and is not a socket; it is left as it is"))
            }
            guard !LiveSocket.isAnswered(path) else {
                return .failure(LiveRequestError("another program answers on \(path)"))
            }
            // The socket of an ended process that had this id: nothing answers on it.
            unlink(path)
        }
        let listener = LiveSocket.makeStream()
        guard listener >= 0 else {
            return .failure(LiveRequestError("cannot make a socket: \(String(cString: strerror(errno)))"))
        }
        let bound = LiveSocket.withAddress(path) { bind(listener, $0, $1) } ?? -1
        guard bound == 0, chmod(path, 0o600) == 0, listen(listener, 128) == 0 else {
            let reason = String(cString: strerror(errno))
            close(listener)
            return .failure(LiveRequestError("cannot listen on \(path): \(reason)"))
        }
        LiveSocket.setNonBlocking(listener, true)
        return .success((listener, path))
    }

    /// A connected client that has not sent its whole request yet.
    private struct Client {
        let descriptor: Int32
        var received: [UInt8] = []
        let deadline: UInt64
    }

    /// The channel's thread: waits for connections and request bytes, answers whole lines.
    private static func serve(_ listener: Int32) -> Never {
        var clients: [Client] = []
        var chunk = [UInt8](repeating: 0, count: 1024)
        // While the process is out of descriptors (or memory), a waiting connection cannot be
        // taken, and the listener stays readable: it leaves the poll set until then, so the
        // thread sleeps instead of spinning, and clients already taken are still answered.
        var listenerPausedUntil: UInt64 = 0
        while true {
            let now = rxtrace_monotonic_ns()
            let listening = now >= listenerPausedUntil
            var watched = [pollfd(fd: listening ? listener : -1, events: Int16(POLLIN), revents: 0)]
            watched += clients.map { pollfd(fd: $0.descriptor, events: Int16(POLLIN), revents: 0) }
            let deadlines = clients.map(\.deadline) + (listening ? [] : [listenerPausedUntil])
            let soonest = deadlines.map { $0 > now ? ($0 - now) / 1_000_000 + 1 : 0 }.min() ?? 1000
            if poll(&watched, nfds_t(watched.count), Int32(min(soonest, 1000))) < 0, errno != EINTR {
                usleep(100_000)
                continue
            }
            var kept: [Client] = []
            let after = rxtrace_monotonic_ns()
            for (index, var client) in clients.enumerated() {
                if watched[index + 1].revents != 0, !read(&client, into: &chunk) {
                    continue
                }
                if after >= client.deadline {
                    close(client.descriptor)
                    continue
                }
                kept.append(client)
            }
            clients = kept
            if listening, watched[0].revents != 0, !acceptWaiting(listener, into: &clients) {
                listenerPausedUntil = rxtrace_monotonic_ns() + acceptPause
            }
        }
    }

    /// How long the listener rests after `accept` failed for want of descriptors or memory.
    static let acceptPause: UInt64 = 100_000_000

    /// Takes every connection waiting on `listener`; beyond ``maximumClients``, the client
    /// waiting longest is dropped.
    ///
    /// - Returns: `false` when a connection is waiting but cannot be taken now (no descriptor
    ///   or memory left), so the caller should rest before trying again.
    private static func acceptWaiting(_ listener: Int32, into clients: inout [Client]) -> Bool {
        while true {
            let descriptor = accept(listener, nil, nil)
            guard descriptor >= 0 else {
                switch errno {
                case EMFILE, ENFILE, ENOBUFS, ENOMEM: return false
                default: return true
                }
            }
            LiveSocket.prepareClient(descriptor, sendTimeout: sendTimeout)
            if clients.count >= maximumClients {
                close(clients.removeFirst().descriptor)
            }
            clients.append(Client(descriptor: descriptor, deadline: rxtrace_monotonic_ns() + requestDeadline))
        }
    }

    /// Reads what `client` sent; answers and closes it once a whole line (or the end) came.
    ///
    /// - Returns: Whether the client still waits for its answer.
    private static func read(_ client: inout Client, into chunk: inout [UInt8]) -> Bool {
        let count = chunk.withUnsafeMutableBytes { recv(client.descriptor, $0.baseAddress, $0.count, 0) }
        if count < 0, errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR { return true }
        if count > 0 {
            client.received += chunk[0..<count]
            if let end = client.received.firstIndex(of: UInt8(ascii: "\n")) {
                respond(client.descriptor, to: Array(client.received[..<end]))
                return false
            }
            if client.received.count > LiveRequest.maximumLength {
                respond(client.descriptor, with: "error: the request is longer than \(LiveRequest.maximumLength) bytes")
                return false
            }
            return true
        }
        // The end: a request without its line feed is still answered.
        if count == 0, !client.received.isEmpty {
            respond(client.descriptor, to: client.received)
        } else {
            close(client.descriptor)
        }
        return false
    }

    private static func respond(_ descriptor: Int32, to line: [UInt8]) {
        respond(descriptor, with: answer(to: line))
    }

    private static func respond(_ descriptor: Int32, with text: String) {
        LiveSocket.sendAll(descriptor, Array((text + "\n").utf8))
        close(descriptor)
    }

    /// The answer to one request line, without its line feed.
    static func answer(to line: [UInt8]) -> String {
        let request: LiveRequest
        switch LiveRequest.parse(line) {
        case .success(let parsed): request = parsed
        case .failure(let error): return "error: \(error.message)"
        }
        guard let session = Trace.currentSession() else { return "error: tracing is not running (it was stopped)" }
        let version = LiveChannelLocation.protocolVersion
        switch request {
        case .snapshot:
            return LiveSnapshot(session: session, protocolVersion: version).json()
        case .mark(let label):
            session.mark(label)
            return json(LiveMarked(protocolVersion: version, marked: label, marks: session.liveState().marks.count))
        case .dump(let path):
            do {
                return json(LiveWritten(protocolVersion: version, written: try Trace.dump(to: path)))
            } catch {
                return "error: trace not written: \(String(describing: error).replacingOccurrences(of: "\n", with: " "))"
            }
        }
    }

    private static func json(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(value)) ?? Data("{}".utf8), as: UTF8.self)
    }
}

/// The answer to `mark`: the label recorded and how many marks the trace has now.
private struct LiveMarked: Encodable {
    let protocolVersion: Int
    let marked: String
    let marks: Int

    private enum CodingKeys: String, CodingKey {
        case protocolVersion = "protocol"
        case marked, marks
    }
}

/// The answer to `dump`: the path written.
private struct LiveWritten: Encodable {
    let protocolVersion: Int
    let written: String

    private enum CodingKeys: String, CodingKey {
        case protocolVersion = "protocol"
        case written
    }
}
