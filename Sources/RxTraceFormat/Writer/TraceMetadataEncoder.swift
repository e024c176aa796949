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
        output.append(file.probeTotals == nil ? TraceFormat.baseMinorVersion : TraceFormat.minorVersion)
        output.append(UInt32(0))
        output.append(CRC32.checksum(output.bytes))
        try section(.header, into: &output, encodeHeader)
        try section(.strings, into: &output, encodeStrings)
        try section(.probes, into: &output, encodeProbes)
        try section(.threads, into: &output, encodeThreads)
        try section(.marks, into: &output, encodeMarks)
        try section(.openSubscriptions, into: &output, encodeOpenSubscriptions)
        try section(.sites, into: &output, encodeSites)
        if let totals = file.probeTotals {
            try section(.probeTotals, into: &output) { try encodeProbeTotals(totals, into: &$0) }
        }
        return output.bytes
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

    private func check(_ problem: String?) throws {
        if let problem { throw invalid(problem) }
    }

    private func checkCount(_ count: Int, limit: Int, _ what: String) throws {
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

    private func encodeProbes(_ payload: inout ByteEncoder) throws {
        let bounds = bounds
        try checkCount(file.probes.count, limit: TraceFormatLimits.maxProbes, "probes")
        payload.append(UInt32(file.probes.count))
        for (index, probe) in file.probes.enumerated() {
            try check(bounds.stringProblem(probe.identifier, "probe \(index)'s identifier"))
            try check(bounds.stringProblem(probe.file, "probe \(index)'s file"))
            try check(bounds.stringProblem(probe.function, "probe \(index)'s function"))
            payload.append(probe.identifier)
            payload.append(probe.file)
            payload.append(probe.line)
            payload.append(probe.function)
        }
    }

    private func encodeThreads(_ payload: inout ByteEncoder) throws {
        let bounds = bounds
        try checkCount(file.threads.count, limit: TraceFormatLimits.maxThreads, "threads")
        payload.append(UInt32(file.threads.count))
        for (index, thread) in file.threads.enumerated() {
            try check(bounds.stringProblem(thread.name, "thread \(index)'s name"))
            payload.append(thread.systemID)
            payload.append(thread.name)
        }
    }

    private func encodeTypeCounts(_ counts: [TraceTypeCount], of owner: String, into payload: inout ByteEncoder) throws {
        let bounds = bounds
        for (index, count) in counts.enumerated() {
            try check(bounds.stringProblem(count.name, "\(owner)'s type count \(index)"))
            payload.append(count.name)
            payload.append(count.count)
        }
    }

    private func encodeMarks(_ payload: inout ByteEncoder) throws {
        let bounds = bounds
        try checkCount(file.marks.count, limit: TraceFormatLimits.maxMarks, "marks")
        payload.append(UInt32(file.marks.count))
        for (index, mark) in file.marks.enumerated() {
            try check(bounds.stringProblem(mark.label, "mark \(index)'s label"))
            try check(bounds.threadProblem(mark.thread, "mark \(index)"))
            try checkCount(mark.types.count, limit: TraceFormatLimits.maxTypeCounts, "type counts in mark \(index)")
            payload.append(mark.timestamp)
            payload.append(mark.resourcesTotal)
            payload.append(mark.label)
            payload.append(mark.thread)
            payload.append(UInt32(mark.types.count))
            try encodeTypeCounts(mark.types, of: "mark \(index)", into: &payload)
        }
    }

    private func encodeOpenSubscriptions(_ payload: inout ByteEncoder) throws {
        let bounds = bounds
        let open = file.openSubscriptions
        try checkCount(open.count, limit: TraceFormatLimits.maxOpenSubscriptions, "open subscriptions")
        payload.append(UInt32(open.count))
        for (index, subscription) in open.enumerated() {
            try check(bounds.probeProblem(subscription.probe, "open subscription \(index)"))
            try check(bounds.threadProblem(subscription.thread, "open subscription \(index)"))
            payload.append(subscription.subscription)
            payload.append(subscription.subscribedAt)
            payload.append(subscription.probe)
            payload.append(subscription.thread)
        }
    }

    private func encodeSites(_ payload: inout ByteEncoder) throws {
        let bounds = bounds
        try checkCount(file.sites.count, limit: TraceFormatLimits.maxSites, "sites")
        payload.append(UInt32(file.sites.count))
        for (index, site) in file.sites.enumerated() {
            try check(bounds.stringProblem(site.userFrame, "site \(index)'s user frame"))
            try checkCount(site.frames.count, limit: TraceFormatLimits.maxFramesPerSite, "frames in site \(index)")
            try checkCount(site.live.count, limit: TraceFormatLimits.maxTypeCounts, "type counts in site \(index)")
            payload.append(site.fingerprint)
            payload.append(site.userFrame)
            payload.append(UInt32(site.frames.count))
            payload.append(UInt32(site.live.count))
            for (frameIndex, frame) in site.frames.enumerated() {
                try check(bounds.stringProblem(frame, "site \(index)'s frame \(frameIndex)"))
                payload.append(frame)
            }
            try encodeTypeCounts(site.live, of: "site \(index)", into: &payload)
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
}
