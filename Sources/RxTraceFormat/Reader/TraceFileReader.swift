/// Reads a trace file: the metadata at once, the records streamed in constant memory.
///
/// ```swift
/// let reader = try TraceFileReader(path: "run.rxtrace")
/// print(reader.file.header.processName)
/// let records = reader.records()
/// while let record = try records.next() {
///     // ...
/// }
/// ```
///
/// Everything is checked: the signature and version, every section's CRC-32, every block's
/// CRC-32, every length against ``TraceFormatLimits`` and the file's size, every index
/// against its table. A problem throws a ``TraceFileError`` that says what is wrong and where;
/// hostile input never crashes the reader nor makes it allocate more than the file's size.
///
/// A truncated file (cut by a crash or a partial copy) still gives what it holds: when the
/// metadata is whole, ``init(path:)`` succeeds, and the record iterator yields every whole
/// block of records before the cut, then throws ``TraceFileError/truncated(path:section:offset:recordsReadable:)``.
public final class TraceFileReader: Sendable {
    /// The file read.
    public let path: String
    /// The metadata: header, strings, probes, threads, marks, open subscriptions, sites.
    public let file: TraceFile
    /// The file's minor format version (its major version is ``TraceFile/formatVersion``).
    public let minorVersion: UInt16
    /// The number of records the records section declares; `nil` when the file ends before
    /// the records section's header. A truncated file holds fewer.
    public let recordCount: UInt64?
    /// The file's size in bytes when it was opened.
    public let fileSize: UInt64

    /// Where the records are, once the records section's header has been read.
    struct RecordsLayout {
        /// Where the first block starts.
        let firstBlock: UInt64
        /// Records in every block but the last.
        let recordsPerBlock: Int
        /// Where the records section ends and the next section starts.
        let sectionEnd: UInt64
    }

    let descriptor: FileDescriptorOwner
    let bounds: TraceReferenceBounds
    let layout: RecordsLayout?
    /// When ``layout`` is `nil`: the truncation that hid the records section's header.
    let missingRecords: TraceFileError?

    /// Opens a trace file and reads its metadata.
    ///
    /// - Parameter path: The file to read.
    /// - Throws: ``TraceFileError``: ``TraceFileError/io(path:operation:code:)`` when the file
    ///   cannot be opened or read, ``TraceFileError/notATrace(path:)``,
    ///   ``TraceFileError/newerVersion(path:found:supported:)``,
    ///   ``TraceFileError/truncated(path:section:offset:recordsReadable:)`` when the file ends
    ///   inside the metadata, ``TraceFileError/corrupted(path:section:block:offset:)``, or
    ///   ``TraceFileError/invalidValue(path:section:offset:problem:)``.
    public init(path: String) throws {
        self.path = path
        let descriptor: Int32
        do throws(SystemFile.Failure) {
            descriptor = try SystemFile.openForReading(path)
        } catch {
            throw TraceFileError.io(path: path, operation: .open, code: error.code)
        }
        let owner = FileDescriptorOwner(descriptor)
        self.descriptor = owner
        do throws(SystemFile.Failure) {
            fileSize = try SystemFile.size(of: descriptor)
        } catch {
            throw TraceFileError.io(path: path, operation: .status, code: error.code)
        }
        var scanner = SectionScanner(path: path, descriptor: descriptor, size: fileSize)
        minorVersion = try scanner.readFileHeader()
        scanner.fileMinorVersion = minorVersion

        var offset = UInt64(TraceFormat.fileHeaderSize)
        var bounds = TraceReferenceBounds(strings: 0, probes: 0, threads: 0)
        var payload = try scanner.readMetadataSection(.header, from: &offset)
        let header = try TraceMetadataDecoder.header(&payload)
        payload = try scanner.readMetadataSection(.strings, from: &offset)
        let strings = try TraceMetadataDecoder.strings(&payload)
        bounds = TraceReferenceBounds(strings: strings.count, probes: 0, threads: 0)
        payload = try scanner.readMetadataSection(.probes, from: &offset)
        let probes: [TraceProbe] = try TraceMetadataDecoder.table(&payload, bounds: bounds)
        bounds = TraceReferenceBounds(strings: strings.count, probes: probes.count, threads: 0)
        payload = try scanner.readMetadataSection(.threads, from: &offset)
        let threads: [TraceThread] = try TraceMetadataDecoder.table(&payload, bounds: bounds)
        bounds = TraceReferenceBounds(strings: strings.count, probes: probes.count, threads: threads.count)
        payload = try scanner.readMetadataSection(.marks, from: &offset)
        let marks: [TraceMark] = try TraceMetadataDecoder.table(&payload, bounds: bounds)
        payload = try scanner.readMetadataSection(.openSubscriptions, from: &offset)
        let open: [TraceOpenSubscription] = try TraceMetadataDecoder.table(&payload, bounds: bounds)
        payload = try scanner.readMetadataSection(.sites, from: &offset)
        var sites: [TraceSite] = try TraceMetadataDecoder.table(&payload, bounds: bounds)
        var probeTotals: [TraceProbeTotals]?
        switch try scanner.readOptionalSection(.probeTotals, from: &offset) {
        case .found(var totals):
            probeTotals = try TraceMetadataDecoder.probeTotals(&totals, bounds: bounds)
        case .absent where minorVersion >= TraceFormat.probeTotalsMinorVersion:
            // From version 1.1 on the section is always written: without it, its kind was
            // damaged and the section skipped as an unknown one.
            throw TraceFileError.invalidValue(
                path: path,
                section: .probeTotals,
                offset: offset,
                problem: "a version 1.\(minorVersion) file must have a probe totals section before the records section"
            )
        case .absent, .cut:
            break
        }
        var resourceSamples: TraceResourceSamples?
        switch try scanner.readOptionalSection(.resourceSamples, from: &offset) {
        case .found(var samples):
            resourceSamples = try TraceMetadataDecoder.resourceSamples(&samples, bounds: bounds)
        case .absent where minorVersion >= TraceFormat.resourceSamplesMinorVersion:
            // As for the probe totals: from version 1.2 on the section is always written.
            throw TraceFileError.invalidValue(
                path: path,
                section: .resourceSamples,
                offset: offset,
                problem: "a version 1.\(minorVersion) file must have a resource samples section before the records section"
            )
        case .absent, .cut:
            break
        }
        // Optional and skippable: readers before it treat it as a section of unknown kind.
        if case .found(var detail) = try scanner.readOptionalSection(.siteSubscriptions, from: &offset) {
            try TraceMetadataDecoder.siteSubscriptions(&detail, sites: &sites, bounds: bounds)
        }
        self.bounds = bounds
        file = TraceFile(
            header: header,
            strings: strings,
            probes: probes,
            threads: threads,
            marks: marks,
            openSubscriptions: open,
            sites: sites,
            probeTotals: probeTotals,
            resourceSamples: resourceSamples
        )

        switch try scanner.readRecordsHeader(from: offset) {
        case .found(let count, let layout):
            recordCount = count
            self.layout = layout
            missingRecords = nil
        case .cut(let error):
            recordCount = nil
            layout = nil
            missingRecords = error
        }
    }

    /// A new iterator over the records, from the first; each call starts again.
    ///
    /// The iterator reads the file in 1 MiB pieces and checks each block before it yields the
    /// block's first record, so memory stays the same whatever the file's size.
    public func records() -> TraceRecordIterator {
        TraceRecordIterator(reader: self)
    }

    /// Calls `body` with every record, in file order.
    ///
    /// - Parameter body: Called once per record; an error it throws stops the reading and is
    ///   rethrown.
    /// - Throws: `body`'s error, or a ``TraceFileError`` after the records before the problem
    ///   (whole blocks only) have been given to `body`.
    public func forEachRecord(_ body: (TraceRecord) throws -> Void) throws {
        let iterator = records()
        while let record = try iterator.next() {
            try body(record)
        }
    }

    /// Every record in one array. For small files and tests: the array grows with the file;
    /// use ``records()`` or ``forEachRecord(_:)`` to stream.
    ///
    /// - Throws: A ``TraceFileError``; the records read before it are lost (stream to keep
    ///   them).
    public func readAllRecords() throws -> [TraceRecord] {
        var all: [TraceRecord] = []
        all.reserveCapacity(Int(min(recordCount ?? 0, fileSize / UInt64(TraceRecord.encodedSize))))
        try forEachRecord { all.append($0) }
        return all
    }
}

/// Owns an open file descriptor and closes it when released.
final class FileDescriptorOwner: Sendable {
    /// The descriptor.
    let descriptor: Int32

    init(_ descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit {
        _ = try? SystemFile.close(descriptor)
    }
}
