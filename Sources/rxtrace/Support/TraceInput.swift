import Foundation
import RxTraceFormat

/// Opens trace files for the subcommands and turns the reader's errors into one clear line.
enum TraceInput {
    /// A reader for `path`.
    ///
    /// - Throws: ``CommandFailure`` (exit status 2) saying why the file cannot be used.
    static func open(_ path: String) throws -> TraceFileReader {
        try requireRegularFile(path)
        do {
            return try TraceFileReader(path: path)
        } catch let error as TraceFileError {
            throw CommandFailure(error.description)
        } catch {
            throw CommandFailure("\(path): \(error.localizedDescription)")
        }
    }

    /// Checks that `path` is a regular file (following links), which can be read at any
    /// offset, before it is opened.
    ///
    /// - Parameter role: What the file is for, in the message (`the baseline `), or empty.
    /// - Throws: ``CommandFailure`` (exit status 2) saying what is there instead: nothing, a
    ///   folder, a FIFO or pipe (which cannot be read at an offset), a device or a socket.
    static func requireRegularFile(_ path: String, role: String = "") throws {
        var status = stat()
        guard stat(path, &status) == 0 else {
            let code = errno
            throw CommandFailure(
                code == ENOENT ? "\(role)\(path): no such file" : "cannot read \(role)\(path): \(String(cString: strerror(code)))")
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG:
            return
        case S_IFDIR:
            throw CommandFailure("\(role)\(path) is a folder; give a file")
        case S_IFIFO:
            throw CommandFailure("\(role)\(path) is a FIFO or a pipe; rxtrace reads files at any offset, so save it to a file first")
        case S_IFCHR, S_IFBLK:
            throw CommandFailure("\(role)\(path) is a device, not a file")
        default:
            throw CommandFailure("\(role)\(path) is not a regular file")
        }
    }

    /// Feeds every record of `reader` to `body`, showing progress on a terminal.
    ///
    /// - Returns: `nil` when all records were read, or the error that ended reading early
    ///   (a truncated or damaged file): the records before it were passed to `body`.
    static func forEachRecord(of reader: TraceFileReader, _ body: (TraceRecord) throws -> Void) throws -> TraceFileError? {
        let progress = Progress(total: reader.recordCount)
        defer { progress.finish() }
        let records = reader.records()
        do {
            while let record = try records.next() {
                try body(record)
                progress.advance()
            }
            return nil
        } catch let error as TraceFileError {
            return error
        }
    }

    /// A percentage on standard error for long reads, when it is a terminal.
    final class Progress {
        private let total: UInt64
        private let enabled: Bool
        private var done: UInt64 = 0
        private var shown = false

        init(total: UInt64?) {
            self.total = total ?? 0
            enabled = isatty(STDERR_FILENO) == 1 && (total ?? 0) >= 2_000_000
        }

        @inline(__always)
        func advance() {
            done &+= 1
            if enabled, done & 0xF_FFFF == 0 {
                let percent = total > 0 ? min(100, done * 100 / total) : 0
                FileHandle.standardError.write(Data("\rreading records: \(percent)%".utf8))
                shown = true
            }
        }

        func finish() {
            if shown {
                FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
            }
        }
    }
}

/// The note a command prints when a file ended early.
enum PartialRead {
    /// `rxtrace: partial trace: <cause>; showing the N records before it`.
    static func warn(path: String, error: TraceFileError, recordsRead: UInt64) {
        FileHandle.standardError.write(Data("rxtrace: partial trace: \(error); using the \(recordsRead) records before it\n".utf8))
    }
}
