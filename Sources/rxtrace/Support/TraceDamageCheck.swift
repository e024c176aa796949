import Foundation
import RxTraceFormat

/// Reads every part of a trace file (the metadata, every block of records with its checksum,
/// and the end section), so that a command never calls a damaged file whole.
///
/// `check` used to read only the metadata, so a file cut or corrupted after its sites section
/// passed the gate; this pass costs one streaming read of the records.
enum TraceDamageCheck {
    /// The damage found in `reader`'s file, or `nil` when every part is whole and valid.
    ///
    /// - Returns: The error that ended reading (truncation, a checksum, an invalid value) and
    ///   the records read before it.
    static func damage(of reader: TraceFileReader) throws -> (error: TraceFileError, recordsRead: UInt64)? {
        var count: UInt64 = 0
        guard let error = try TraceInput.forEachRecord(of: reader, { _ in count &+= 1 }) else { return nil }
        return (error, count)
    }

    /// Fails with exit status 2 naming the damage, unless `allowPartial` lets a file that is
    /// only cut or damaged after its metadata through with a warning.
    ///
    /// - Throws: ``CommandFailure`` (status 2) when the file is damaged and not allowed.
    static func requireWhole(_ reader: TraceFileReader, allowPartial: Bool) throws {
        guard let (error, read) = try damage(of: reader) else { return }
        if allowPartial {
            PartialRead.warn(path: reader.path, error: error, recordsRead: read)
            return
        }
        throw CommandFailure("damaged trace: \(error); --allow-partial checks what could be read")
    }
}
