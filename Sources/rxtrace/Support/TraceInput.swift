import Foundation
import RxTraceFormat

/// Opens trace files for the subcommands and turns the reader's errors into one clear line.
enum TraceInput {
    /// A reader for `path`.
    ///
    /// - Throws: ``CommandFailure`` (exit status 2) saying why the file cannot be used.
    static func open(_ path: String) throws -> TraceFileReader {
        guard FileManager.default.fileExists(atPath: path) else {
            throw CommandFailure("\(path): no such file")
        }
        do {
            return try TraceFileReader(path: path)
        } catch let error as TraceFileError {
            throw CommandFailure(error.description)
        } catch {
            throw CommandFailure("\(path): \(error.localizedDescription)")
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
