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
        let nameLength = try payload.readLength(limit: TraceFormatLimits.maxStringLength, "the length of the process name") {
            "the process name is \($0) bytes long"
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
            let length = try payload.readLength(limit: TraceFormatLimits.maxStringLength, "the length of string \(index)") {
                "string \(index) is \($0) bytes long"
            }
            if index == 0 && length != 0 {
                throw payload.invalid("string 0 is \(byteCount(length)) long, but it must be the empty string", at: start)
            }
            strings.append(try payload.readString(length: length, "string \(index)"))
        }
        try payload.expectEnd()
        return strings
    }

    /// A metadata table: a count, then the entries, each read and checked as its type says
    /// (see `TraceTableEntry`).
    static func table<Entry: TraceTableEntry>(_ payload: inout PayloadDecoder, bounds: TraceReferenceBounds) throws -> [Entry] {
        let count = try payload.readCount(of: Entry.table.name, limit: Entry.table.limit, entrySize: Entry.table.fixedSize)
        var entries: [Entry] = []
        entries.reserveCapacity(count)
        for index in 0..<count {
            entries.append(try Entry(index, from: &payload, bounds: bounds))
        }
        try payload.expectEnd()
        return entries
    }

    /// A count of type counts, then the type counts.
    static func typeCounts(
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
    static func typeCounts(
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
            try payload.check(bounds.stringProblem(name, "\(owner)'s type count \(index)"), at: start)
            counts.append(TraceTypeCount(name: name, count: value))
        }
        return counts
    }

    /// The site subscriptions section: a count that must equal the number of sites, then per
    /// site its subscription kind and its nested lines; applied to `sites`.
    static func siteSubscriptions(_ payload: inout PayloadDecoder, sites: inout [TraceSite], bounds: TraceReferenceBounds) throws {
        let start = payload.offset
        let count = try payload.readCount(of: "site subscriptions", limit: TraceFormatLimits.maxSites, entrySize: 5)
        guard count == sites.count else {
            throw payload.invalid("the section has \(count) entries, but the trace has \(sites.count) sites", at: start)
        }
        for index in 0..<count {
            let entryStart = payload.offset
            let code = try payload.read(UInt8.self, "the subscription of site \(index)")
            guard let subscription = TraceSiteSubscription(rawValue: code) else {
                throw payload.invalid("site \(index) has subscription kind \(code); the kinds are 0, 1 and 2", at: entryStart)
            }
            let nestedCount = try payload.readCount(
                of: "nested subscriptions of site \(index)",
                limit: TraceFormatLimits.maxTypeCounts,
                entrySize: 12
            )
            sites[index].subscription = subscription
            sites[index].nested = try typeCounts(&payload, count: nestedCount, of: "site \(index)'s nested subscriptions", bounds: bounds)
        }
        try payload.expectEnd()
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

    /// The resource samples (version 1.2): the period and the number taken, then the kept
    /// samples in time order, each a timestamp, a total and its type counts.
    static func resourceSamples(_ payload: inout PayloadDecoder, bounds: TraceReferenceBounds) throws -> TraceResourceSamples {
        let periodOffset = payload.offset
        let period = try payload.read(UInt64.self, "the sampling period")
        let taken = try payload.read(UInt64.self, "the number of samples taken")
        let count = try payload.readCount(
            of: "resource samples",
            limit: TraceFormatLimits.maxResourceSamples,
            entrySize: TraceFormat.resourceSampleFixedSize
        )
        guard period != 0 || count == 0 else {
            throw payload.invalid("\(count) resource samples with a sampling period of 0 (off)", at: periodOffset)
        }
        var samples: [TraceResourceSample] = []
        samples.reserveCapacity(count)
        for index in 0..<count {
            let start = payload.offset
            let timestamp = try payload.read(UInt64.self, "resource sample \(index)")
            let total = try payload.read(Int64.self, "resource sample \(index)")
            if let previous = samples.last, timestamp < previous.timestamp {
                throw payload.invalid("resource sample \(index) is earlier than the one before it", at: start)
            }
            let types = try typeCounts(&payload, of: "resource sample \(index)", bounds: bounds)
            samples.append(TraceResourceSample(timestamp: timestamp, resourcesTotal: total, types: types))
        }
        try payload.expectEnd()
        return TraceResourceSamples(period: period, taken: taken, samples: samples)
    }
}
