/// Encodes the file header and the metadata sections of a trace, checking every reference
/// and every limit first, so that whatever the writer writes, the reader reads.
struct TraceMetadataEncoder {
    /// The final path, for errors.
    let path: String
    /// The trace's metadata.
    let file: TraceFile

    /// The reference checks for the trace's tables.
    var bounds: TraceReferenceBounds {
        TraceReferenceBounds(strings: file.strings.count, probes: file.probes.count, threads: file.threads.count)
    }

    /// The file header followed by the header, strings, probes, threads, marks, open
    /// subscriptions and sites sections, and the probe totals section when the trace has
    /// totals.
    ///
    /// - Throws: ``TraceFileError/invalidInput(path:problem:)`` naming the first problem.
    func encode() throws -> [UInt8] {
        var output = ByteEncoder()
        output.append(bytes: TraceFormat.magic)
        output.append(TraceFormat.majorVersion)
        output.append(minorVersion)
        output.append(UInt32(0))
        output.append(CRC32.checksum(output.bytes))
        try section(.header, into: &output, encodeHeader)
        try section(.strings, into: &output, encodeStrings)
        try table(file.probes, into: &output)
        try table(file.threads, into: &output)
        try table(file.marks, into: &output)
        try table(file.openSubscriptions, into: &output)
        try table(file.sites, into: &output)
        if let totals = file.probeTotals {
            try section(.probeTotals, into: &output) { try encodeProbeTotals(totals, into: &$0) }
        }
        if let samples = file.resourceSamples {
            // Every 1.2 file has probe totals too: a reader requires them from 1.1 on.
            guard file.probeTotals != nil else { throw invalid("a trace with resource samples must have probe totals as well") }
            try section(.resourceSamples, into: &output) { try encodeResourceSamples(samples, into: &$0) }
        }
        if file.sites.contains(where: \.hasSubscriptionDetail) {
            try section(.siteSubscriptions, into: &output) { try encodeSiteSubscriptions(into: &$0) }
        }
        return output.bytes
    }

    /// The oldest minor version that holds the trace's optional sections.
    private var minorVersion: UInt16 {
        if file.resourceSamples != nil { return TraceFormat.resourceSamplesMinorVersion }
        return file.probeTotals == nil ? TraceFormat.baseMinorVersion : TraceFormat.probeTotalsMinorVersion
    }

    private func section(
        _ kind: TraceSectionKind,
        into output: inout ByteEncoder,
        _ encode: (inout ByteEncoder) throws -> Void
    ) throws {
        var payload = ByteEncoder()
        try encode(&payload)
        guard payload.bytes.count <= TraceFormatLimits.maxSectionLength else {
            throw invalid(
                "the \(kind.section) would take \(payload.bytes.count) bytes, more than the limit of "
                    + "\(TraceFormatLimits.maxSectionLength)"
            )
        }
        output.appendSection(kind, payload: payload.bytes)
    }

    private func invalid(_ problem: String) -> TraceFileError {
        .invalidInput(path: path, problem: problem)
    }

    /// Throws `problem` as an invalid-input error, if there is a problem.
    func check(_ problem: String?) throws {
        if let problem { throw invalid(problem) }
    }

    /// Throws when the trace has more than `limit` of `what`.
    func checkCount(_ count: Int, limit: Int, _ what: String) throws {
        guard count <= limit else {
            throw invalid("the trace has \(count) \(what), more than the limit of \(limit)")
        }
    }

    private func encodeHeader(_ payload: inout ByteEncoder) throws {
        let header = file.header
        let name = Array(header.processName.utf8)
        guard name.count <= TraceFormatLimits.maxStringLength else {
            throw invalid(
                "the process name is \(name.count) bytes long, more than the limit of \(TraceFormatLimits.maxStringLength)"
            )
        }
        let (capture, period): (TraceSiteCaptureCode, UInt32) =
            switch header.siteCapture {
            case .off: (.off, 0)
            case .sampled(let every): (.sampled, every)
            case .all: (.all, 0)
            }
        payload.append(header.startWallClock)
        payload.append(header.capacity)
        payload.append(header.recordsWritten)
        payload.append(header.recordsLost)
        payload.append(header.dumpTimestamp)
        payload.append(header.processID)
        payload.append(header.valueLimit)
        payload.append(period)
        payload.append(header.clock.rawValue)
        payload.append(header.dumpReason.rawValue)
        payload.append(capture.rawValue)
        payload.append(UInt8(0))
        payload.append(UInt32(name.count))
        payload.append(bytes: name)
    }

    private func encodeStrings(_ payload: inout ByteEncoder) throws {
        let strings = file.strings
        try checkCount(strings.count, limit: TraceFormatLimits.maxStrings, "strings")
        if let first = strings.first, !first.isEmpty {
            throw invalid("string 0 must be the empty string, but it is \"\(first)\"")
        }
        payload.append(UInt32(strings.count))
        for (index, string) in strings.enumerated() {
            var string = string
            try string.withUTF8 { bytes in
                guard bytes.count <= TraceFormatLimits.maxStringLength else {
                    throw invalid(
                        "string \(index) is \(bytes.count) bytes long, more than the limit of "
                            + "\(TraceFormatLimits.maxStringLength)"
                    )
                }
                payload.append(UInt32(bytes.count))
                payload.append(bytes: bytes)
            }
        }
    }

    /// A metadata table's section: the count, then each entry, after checking its
    /// references (see `TraceTableEntry`).
    private func table<Entry: TraceTableEntry>(_ entries: [Entry], into output: inout ByteEncoder) throws {
        try section(Entry.table.section, into: &output) { payload in
            let bounds = bounds
            try checkCount(entries.count, limit: Entry.table.limit, Entry.table.name)
            payload.append(UInt32(entries.count))
            for (index, entry) in entries.enumerated() {
                try check(entry.referenceProblem(index, bounds: bounds))
                try entry.encode(index, into: &payload, checkingWith: self)
            }
        }
    }

    /// The type counts of a mark or a site, after their count.
    func encodeTypeCounts(_ counts: [TraceTypeCount], of owner: String, into payload: inout ByteEncoder) throws {
        let bounds = bounds
        for (index, count) in counts.enumerated() {
            try check(bounds.stringProblem(count.name, "\(owner)'s type count \(index)"))
            payload.append(count.name)
            payload.append(count.count)
        }
    }

    /// One entry per site, in the sites section's order: the subscription kind (u8), the
    /// number of nested lines (u32), then each as a string index and a live count.
    private func encodeSiteSubscriptions(into payload: inout ByteEncoder) throws {
        payload.append(UInt32(file.sites.count))
        for (index, site) in file.sites.enumerated() {
            try checkCount(site.nested.count, limit: TraceFormatLimits.maxTypeCounts, "nested subscriptions of site \(index)")
            payload.append(site.subscription.rawValue)
            payload.append(UInt32(site.nested.count))
            try encodeTypeCounts(site.nested, of: "site \(index)'s nested subscriptions", into: &payload)
        }
    }

    private func encodeProbeTotals(_ totals: [TraceProbeTotals], into payload: inout ByteEncoder) throws {
        guard totals.count == file.probes.count else {
            throw invalid("the trace has totals for \(totals.count) probes, but \(file.probes.count) probes")
        }
        payload.append(UInt32(totals.count))
        for entry in totals {
            for kind in TraceEventKind.allCases {
                payload.append(entry[kind])
            }
        }
    }

    private func encodeResourceSamples(_ samples: TraceResourceSamples, into payload: inout ByteEncoder) throws {
        try checkCount(samples.samples.count, limit: TraceFormatLimits.maxResourceSamples, "resource samples")
        guard samples.period != 0 || samples.samples.isEmpty else {
            throw invalid("the trace has \(samples.samples.count) resource samples but a sampling period of 0 (off)")
        }
        payload.append(samples.period)
        payload.append(samples.taken)
        payload.append(UInt32(samples.samples.count))
        for (index, sample) in samples.samples.enumerated() {
            try checkCount(sample.types.count, limit: TraceFormatLimits.maxTypeCounts, "type counts in resource sample \(index)")
            payload.append(sample.timestamp)
            payload.append(sample.resourcesTotal)
            payload.append(UInt32(sample.types.count))
            try encodeTypeCounts(sample.types, of: "resource sample \(index)", into: &payload)
        }
    }
}
