import Foundation

/// A test server from `scripts/` on a free port of 127.0.0.1: started with its arguments, it
/// prints `port N` once it listens.
final class ServerProcess {
    private let process = Process()
    /// The port it listens on; 0 when it did not say.
    let port: Int

    init(script: String, _ arguments: [String]) throws {
        process.executableURL = URL(fileURLWithPath: script)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Reading the first line also waits until the socket listens.
        var line = Data()
        while let byte = try output.fileHandleForReading.read(upToCount: 1), !byte.isEmpty, byte != Data("\n".utf8) {
            line.append(byte)
        }
        port = Int(String(decoding: line, as: UTF8.self).dropFirst("port ".count)) ?? 0
    }

    /// `http://127.0.0.1:PORT`.
    var url: String { "http://127.0.0.1:\(port)" }

    /// Kills the server with SIGKILL (a test process may hand its children a mask in which
    /// SIGTERM is blocked).
    func stop() {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}
