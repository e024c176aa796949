/// Decodes the payloads of the metadata sections, checking every value and every reference.
///
/// Each function reads one section's payload; the sections come in file order, so a table
/// is checked against the tables before it (probes against the strings, marks against the
/// strings and threads, and so on).
enum TraceMetadataDecoder {
    /// The header section: fixed fields, then the process name. Bytes after the name are
    /// ignored: a later minor version may append fields.
    static func header(_ payload: inout PayloadDecoder) throws -> TraceHeader {
        let startWallClock = try payload.read(Int64.self, "the start time")
        let capacity = try payload.read(UInt64.self, "the capacity")
        let recordsWritten = try payload.read(UInt64.self, "the number of records written")
        let recordsLost = try payload.read(UInt64.self, "the number of records lost")
        let dumpTimestamp = try payload.read(UInt64.self, "the dump time")
        let processID = try payload.read(Int32.self, "the process identifier")
        let valueLimit = try payload.read(UInt32.self, "the value limit")
        let periodOffset = payload.offset
        let period = try payload.read(UInt32.self, "the site sampling period")
        let clockOffset = payload.offset
        let clockCode = try payload.read(UInt8.self, "the clock")
        guard let clock = TraceClock(rawValue: clockCode) else {
            throw payload.invalid("unknown clock \(clockCode)", at: clockOffset)
        }
        let reasonOffset = payload.offset
        let reasonCode = try payload.read(UInt8.self, "the dump reason")
        guard let dumpReason = TraceDumpReason(rawValue: reasonCode) else {
            throw payload.invalid("unknown dump reason \(reasonCode)", at: reasonOffset)
        }
        let captureOffset = payload.offset
        let captureCode = try payload.read(UInt8.self, "the site capture mode")
        let siteCapture: TraceSiteCapture
        switch TraceSiteCaptureCode(rawValue: captureCode) {
        case .sampled?: siteCapture = .sampled(every: period)
        case .off?: siteCapture = .off
        case .all?: siteCapture = .all
        case nil: throw payload.invalid("unknown site capture mode \(captureCode)", at: captureOffset)
        }
        guard period == 0 || captureCode == TraceSiteCaptureCode.sampled.rawValue else {
            throw payload.invalid("a site sampling period of \(period) without sampled site capture", at: periodOffset)
        }
        let reservedOffset = payload.offset
        let reserved = try payload.read(UInt8.self, "the reserved byte")
        guard reserved == 0 else {
            throw payload.invalid("the reserved byte is \(reserved), not 0", at: reservedOffset)
        }
        let nameOffset = payload.offset
        let nameLength = Int(try payload.read(UInt32.self, "the length of the process name"))
        guard nameLength <= TraceFormatLimits.maxStringLength else {
            throw payload.invalid(
                "the process name is \(nameLength) bytes long, more than the limit of \(TraceFormatLimits.maxStringLength)",
                at: nameOffset
            )
        }
        let processName = try payload.readString(length: nameLength, "the process name")
        return TraceHeader(
            processID: processID,
            processName: processName,
            startWallClock: startWallClock,
            clock: clock,
            capacity: capacity,
            recordsWritten: recordsWritten,
            recordsLost: recordsLost,
            valueLimit: valueLimit,
            dumpReason: dumpReason,
            dumpTimestamp: dumpTimestamp,
            siteCapture: siteCapture
        )
    }

    /// The string table: a count, then each string as a length and UTF-8 bytes. String 0, if
    /// any, is empty.
    static func strings(_ payload: inout PayloadDecoder) throws -> [String] {
        let count = try payload.readCount(of: "strings", limit: TraceFormatLimits.maxStrings, entrySize: 4)
        var strings: [String] = []
        strings.reserveCapacity(count)
        for index in 0..<count {
            let start = payload.offset
            let length = Int(try payload.read(UInt32.self, "the length of string \(index)"))
            guard length <= TraceFormatLimits.maxStringLength else {
                throw payload.invalid(
                    "string \(index) is \(length) bytes long, more than the limit of \(TraceFormatLimits.maxStringLength)",
                    at: start
                )
            }
            if index == 0 && length != 0 {
                throw payload.invalid("string 0 is \(byteCount(length)) long, but it must be the empty string", at: start)
            }
            strings.append(try payload.readString(length: length, "string \(index)"))
        }
        try payload.expectEnd()
        return strings
    }

    /// The probes: a count, then 16 bytes each.
    static func probes(_ payload: inout PayloadDecoder, bounds: TraceReferenceBounds) throws -> [TraceProbe] {
        let count = try payload.readCount(of: "probes", limit: TraceFormatLimits.maxProbes, entrySize: 16)
        var probes: [TraceProbe] = []
        probes.reserveCapacity(count)
        for index in 0..<count {
            let start = payload.offset
            let probe = TraceProbe(
                identifier: try payload.read(UInt32.self, "probe \(index)"),
                file: try payload.read(UInt32.self, "probe \(index)"),
                line: try payload.read(UInt32.self, "probe \(index)"),
                function: try payload.read(UInt32.self, "probe \(index)")
            )
            try check(bounds.stringProblem(probe.identifier, "probe \(index)'s identifier"), payload, start)
            try check(bounds.stringProblem(probe.file, "probe \(index)'s file"), payload, start)
            try check(bounds.stringProblem(probe.function, "probe \(index)'s function"), payload, start)
            probes.append(probe)
        }
        try payload.expectEnd()
        return probes
    }

    /// The threads: a count, then 12 bytes each.
    static func threads(_ payload: inout PayloadDecoder, bounds: TraceReferenceBounds) throws -> [TraceThread] {
        let count = try payload.readCount(of: "threads", limit: TraceFormatLimits.maxThreads, entrySize: 12)
        var threads: [TraceThread] = []
        threads.reserveCapacity(count)
        for index in 0..<count {
            let start = payload.offset
            let thread = TraceThread(
                systemID: try payload.read(UInt64.self, "thread \(index)"),
                name: try payload.read(UInt32.self, "thread \(index)")
            )
            try check(bounds.stringProblem(thread.name, "thread \(index)'s name"), payload, start)
            threads.append(thread)
        }
        try payload.expectEnd()
        return threads
    }

    /// The marks: a count, then 26 bytes each followed by 12 bytes per type count.
    static func marks(_ payload: inout PayloadDecoder, bounds: TraceReferenceBounds) throws -> [TraceMark] {
        let count = try payload.readCount(of: "marks", limit: TraceFormatLimits.maxMarks, entrySize: 26)
        var marks: [TraceMark] = []
        marks.reserveCapacity(count)
        for index in 0..<count {
            let start = payload.offset
            let timestamp = try payload.read(UInt64.self, "mark \(index)")
            let total = try payload.read(Int64.self, "mark \(index)")
            let label = try payload.read(UInt32.self, "mark \(index)")
            let thread = try payload.read(UInt16.self, "mark \(index)")
            try check(bounds.stringProblem(label, "mark \(index)'s label"), payload, start)
            try check(bounds.threadProblem(thread, "mark \(index)"), payload, start)
            let types = try typeCounts(&payload, of: "mark \(index)", bounds: bounds)
            marks.append(TraceMark(timestamp: timestamp, label: label, thread: thread, resourcesTotal: total, types: types))
        }
        try payload.expectEnd()
        return marks
    }

    /// The open subscriptions: a count, then 22 bytes each.
    static func openSubscriptions(
        _ payload: inout PayloadDecoder,
        bounds: TraceReferenceBounds
    ) throws -> [TraceOpenSubscription] {
        let count = try payload.readCount(
            of: "open subscriptions",
            limit: TraceFormatLimits.maxOpenSubscriptions,
            entrySize: 22
        )
        var open: [TraceOpenSubscription] = []
        open.reserveCapacity(count)
        for index in 0..<count {
            let start = payload.offset
            let subscription = try payload.read(UInt64.self, "open subscription \(index)")
            let subscribedAt = try payload.read(UInt64.self, "open subscription \(index)")
            let probe = try payload.read(UInt32.self, "open subscription \(index)")
            let thread = try payload.read(UInt16.self, "open subscription \(index)")
            try check(bounds.probeProblem(probe, "open subscription \(index)"), payload, start)
            try check(bounds.threadProblem(thread, "open subscription \(index)"), payload, start)
            open.append(
                TraceOpenSubscription(subscription: subscription, probe: probe, thread: thread, subscribedAt: subscribedAt)
            )
        }
        try payload.expectEnd()
        return open
    }

    /// The sites: a count, then 20 bytes each followed by 4 bytes per frame and 12 bytes per
    /// type count.
    static func sites(_ payload: inout PayloadDecoder, bounds: TraceReferenceBounds) throws -> [TraceSite] {
        let count = try payload.readCount(of: "sites", limit: TraceFormatLimits.maxSites, entrySize: 20)
        var sites: [TraceSite] = []
        sites.reserveCapacity(count)
        for index in 0..<count {
            let start = payload.offset
            let fingerprint = try payload.read(UInt64.self, "site \(index)")
            let userFrame = try payload.read(UInt32.self, "site \(index)")
            try check(bounds.stringProblem(userFrame, "site \(index)'s user frame"), payload, start)
            let framesOffset = payload.offset
            let frameCount = Int(try payload.read(UInt32.self, "site \(index)"))
            guard frameCount <= TraceFormatLimits.maxFramesPerSite else {
                throw payload.invalid(
                    "site \(index) has \(frameCount) frames, more than the limit of \(TraceFormatLimits.maxFramesPerSite)",
                    at: framesOffset
                )
            }
            let liveOffset = payload.offset
            let liveCount = Int(try payload.read(UInt32.self, "site \(index)"))
            guard liveCount <= TraceFormatLimits.maxTypeCounts else {
                throw payload.invalid(
                    "site \(index) has \(liveCount) type counts, more than the limit of \(TraceFormatLimits.maxTypeCounts)",
                    at: liveOffset
                )
            }
            guard frameCount * 4 + liveCount * 12 <= payload.remaining else {
                throw payload.invalid(
                    "site \(index)'s \(frameCount) frames and \(liveCount) type counts run past the end of the section",
                    at: framesOffset
                )
            }
            var frames: [UInt32] = []
            frames.reserveCapacity(frameCount)
            for frameIndex in 0..<frameCount {
                let frameOffset = payload.offset
                let frame = try payload.read(UInt32.self, "site \(index)'s frame \(frameIndex)")
                try check(bounds.stringProblem(frame, "site \(index)'s frame \(frameIndex)"), payload, frameOffset)
                frames.append(frame)
            }
            let live = try typeCounts(&payload, count: liveCount, of: "site \(index)", bounds: bounds)
            sites.append(TraceSite(fingerprint: fingerprint, userFrame: userFrame, frames: frames, live: live))
        }
        try payload.expectEnd()
        return sites
    }

    /// A count of type counts, then the type counts.
    private static func typeCounts(
        _ payload: inout PayloadDecoder,
        of owner: String,
        bounds: TraceReferenceBounds
    ) throws -> [TraceTypeCount] {
        let count = try payload.readCount(
            of: "type counts in \(owner)",
            limit: TraceFormatLimits.maxTypeCounts,
            entrySize: 12
        )
        return try typeCounts(&payload, count: count, of: owner, bounds: bounds)
    }

    /// `count` type counts of 12 bytes each: a string index and a signed count.
    private static func typeCounts(
        _ payload: inout PayloadDecoder,
        count: Int,
        of owner: String,
        bounds: TraceReferenceBounds
    ) throws -> [TraceTypeCount] {
        var counts: [TraceTypeCount] = []
        counts.reserveCapacity(count)
        for index in 0..<count {
            let start = payload.offset
            let name = try payload.read(UInt32.self, "\(owner)'s type count \(index)")
            let value = try payload.read(Int64.self, "\(owner)'s type count \(index)")
            try check(bounds.stringProblem(name, "\(owner)'s type count \(index)"), payload, start)
            counts.append(TraceTypeCount(name: name, count: value))
        }
        return counts
    }

    private static func check(_ problem: String?, _ payload: PayloadDecoder, _ offset: UInt64) throws {
        if let problem { throw payload.invalid(problem, at: offset) }
    }

    /// The probe totals (version 1.1): a count that must equal the number of probes, then
    /// five u64 counts per probe, in event-kind order.
    static func probeTotals(_ payload: inout PayloadDecoder, bounds: TraceReferenceBounds) throws -> [TraceProbeTotals] {
        let start = payload.offset
        let count = try payload.readCount(
            of: "probe totals",
            limit: TraceFormatLimits.maxProbes,
            entrySize: TraceFormat.probeTotalsEntrySize
        )
        guard count == bounds.probes else {
            throw payload.invalid("the section has totals for \(count) probes, but the trace has \(bounds.probes) probes", at: start)
        }
        var totals: [TraceProbeTotals] = []
        totals.reserveCapacity(count)
        for index in 0..<count {
            var entry = TraceProbeTotals()
            for kind in TraceEventKind.allCases {
                entry[kind] = try payload.read(UInt64.self, "the totals of probe \(index)")
            }
            totals.append(entry)
        }
        try payload.expectEnd()
        return totals
    }
}
