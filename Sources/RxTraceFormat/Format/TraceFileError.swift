#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Why a trace file could not be read or written.
///
/// Every case names the file; the reading cases also say where the problem is (the part of
/// the file and the byte offset from its start). ``description`` puts it in one sentence, such
/// as `run.rxtrace is truncated: it ends at byte 70000 inside the records section; 2048 records
/// could be read before the cut.`
public enum TraceFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A system call failed.
    ///
    /// - Parameters:
    ///   - path: The file the operation was for (for the writer, the final path, not the
    ///     temporary file).
    ///   - operation: What was being done.
    ///   - code: The `errno` value.
    case io(path: String, operation: TraceFileOperation, code: Int32)

    /// The file does not start with the trace file signature.
    case notATrace(path: String)

    /// The file's major format version is newer than this reader's.
    ///
    /// - Parameters:
    ///   - found: The file's major version.
    ///   - supported: The newest major version this reader reads (``TraceFile/formatVersion``).
    case newerVersion(path: String, found: UInt16, supported: UInt16)

    /// The file ends before its end section: it was cut, by a crash or a partial copy.
    ///
    /// A reader still gives everything before the cut: ``TraceFileReader/init(path:)``
    /// succeeds when the metadata is whole, and the record iterator yields every whole block
    /// before it throws this error.
    ///
    /// - Parameters:
    ///   - section: The part of the file the cut falls in.
    ///   - offset: Where the data stops: the number of bytes there are.
    ///   - recordsReadable: How many records were read before the cut (whole blocks only).
    case truncated(path: String, section: TraceFileSection, offset: UInt64, recordsReadable: UInt64)

    /// A checksum does not match: some bytes changed after they were written.
    ///
    /// - Parameters:
    ///   - section: The part whose checksum failed.
    ///   - block: For the records section, the index of the block of records (block `n`
    ///     holds records `n * 4096` and on); `nil` for the other parts.
    ///   - offset: Where that part (or block) starts.
    case corrupted(path: String, section: TraceFileSection, block: UInt64?, offset: UInt64)

    /// A value the format does not allow: an unknown kind, an index out of range, a length
    /// beyond the limits, sections out of order.
    ///
    /// - Parameters:
    ///   - section: The part the value is in.
    ///   - offset: Where the value (or the entry holding it) starts.
    ///   - problem: What is wrong, such as `record 1234 has unknown event kind 9`.
    case invalidValue(path: String, section: TraceFileSection, offset: UInt64, problem: String)

    /// The writer was given a trace it cannot write: a reference out of range, a table beyond
    /// ``TraceFormatLimits``, or a writer used after it finished. Nothing is left on disk.
    ///
    /// - Parameter problem: What is wrong.
    case invalidInput(path: String, problem: String)

    /// The file the error is about.
    public var path: String {
        switch self {
        case .io(let path, _, _), .notATrace(let path), .newerVersion(let path, _, _),
            .truncated(let path, _, _, _), .corrupted(let path, _, _, _),
            .invalidValue(let path, _, _, _), .invalidInput(let path, _):
            path
        }
    }

    /// What is wrong and where, in one sentence.
    public var description: String {
        switch self {
        case .io(let path, let operation, let code):
            return "cannot \(operation.phrase(path)): \(Self.systemMessage(code)) (errno \(code))"
        case .notATrace(let path):
            return "\(path) is not an rxtrace trace file: it does not start with the trace file signature"
        case .newerVersion(let path, let found, let supported):
            return "\(path) is a version \(found) trace file, but this reader reads versions up to \(supported); "
                + "a newer rxtrace is needed to read it"
        case .truncated(let path, let section, let offset, let readable):
            let records =
                switch readable {
                case 0: "no records could be read"
                case 1: "1 record could be read before the cut"
                default: "\(readable) records could be read before the cut"
                }
            return "\(path) is truncated: it ends at byte \(offset) inside the \(section); \(records)"
        case .corrupted(let path, let section, let block, let offset):
            if let block {
                return "\(path) is corrupted: the checksum of record block \(block) in the \(section) "
                    + "(at byte \(offset)) does not match its contents"
            }
            return "\(path) is corrupted: the checksum of the \(section) (at byte \(offset)) does not match its contents"
        case .invalidValue(let path, let section, let offset, let problem):
            return "\(path) is invalid: in the \(section) at byte \(offset), \(problem)"
        case .invalidInput(let path, let problem):
            return "cannot write the trace file \(path): \(problem)"
        }
    }

    /// The system's text for an `errno` value.
    private static func systemMessage(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text)
    }
}

/// The system operation a ``TraceFileError/io(path:operation:code:)`` error was about.
public enum TraceFileOperation: Hashable, Sendable, CustomStringConvertible {
    /// Opening the file to read it.
    case open
    /// Finding the file's size and type.
    case status
    /// Reading the file.
    case read
    /// Creating the temporary file next to the final path.
    case create(temporaryPath: String)
    /// Writing the temporary file.
    case write(temporaryPath: String)
    /// Flushing the temporary file to disk (`fsync`).
    case sync(temporaryPath: String)
    /// Closing the temporary file.
    case close(temporaryPath: String)
    /// Renaming the temporary file onto the final path.
    case rename(temporaryPath: String)
    /// Opening the device or FIFO at the final path and copying the finished temporary file
    /// into it.
    case copy(temporaryPath: String)

    /// The operation in messages, such as `write /tmp/run.rxtrace.tmp-42-1f2e`.
    public var description: String {
        switch self {
        case .open: "open"
        case .status: "stat"
        case .read: "read"
        case .create(let temporary): "create \(temporary)"
        case .write(let temporary): "write \(temporary)"
        case .sync(let temporary): "fsync \(temporary)"
        case .close(let temporary): "close \(temporary)"
        case .rename(let temporary): "rename \(temporary)"
        case .copy(let temporary): "copy \(temporary)"
        }
    }

    /// The sentence's verb phrase for `path`.
    func phrase(_ path: String) -> String {
        switch self {
        case .open: "open \(path)"
        case .status: "read the size of \(path)"
        case .read: "read \(path)"
        case .create(let temporary): "write \(path): creating the temporary file \(temporary) failed"
        case .write(let temporary): "write \(path): writing the temporary file \(temporary) failed"
        case .sync(let temporary): "write \(path): flushing the temporary file \(temporary) to disk failed"
        case .close(let temporary): "write \(path): closing the temporary file \(temporary) failed"
        case .rename(let temporary): "write \(path): renaming the temporary file \(temporary) into place failed"
        case .copy(let temporary): "write \(path): copying the finished trace from \(temporary) into it failed"
        }
    }
}
