// The entries of the metadata tables as `docs/trace-format.md` lays them out: for each, what
// it refers to, how the writer appends it and how the reader reads it back, in the same order.

extension TraceProbe: TraceTableEntry {
    static let table = TraceTable(section: .probes, name: "probes", limit: TraceFormatLimits.maxProbes, fixedSize: 16)

    func referenceProblem(_ index: Int, bounds: TraceReferenceBounds) -> String? {
        bounds.stringProblem(identifier, "probe \(index)'s identifier")
            ?? bounds.stringProblem(file, "probe \(index)'s file")
            ?? bounds.stringProblem(function, "probe \(index)'s function")
    }

    func encode(_ index: Int, into payload: inout ByteEncoder, checkingWith encoder: TraceMetadataEncoder) throws {
        payload.append(identifier)
        payload.append(file)
        payload.append(line)
        payload.append(function)
    }

    init(_ index: Int, from payload: inout PayloadDecoder, bounds: TraceReferenceBounds) throws {
        let start = payload.offset
        self.init(
            identifier: try payload.read(UInt32.self, "probe \(index)"),
            file: try payload.read(UInt32.self, "probe \(index)"),
            line: try payload.read(UInt32.self, "probe \(index)"),
            function: try payload.read(UInt32.self, "probe \(index)")
        )
        try payload.check(referenceProblem(index, bounds: bounds), at: start)
    }
}

extension TraceThread: TraceTableEntry {
    static let table = TraceTable(section: .threads, name: "threads", limit: TraceFormatLimits.maxThreads, fixedSize: 12)

    func referenceProblem(_ index: Int, bounds: TraceReferenceBounds) -> String? {
        bounds.stringProblem(name, "thread \(index)'s name")
    }

    func encode(_ index: Int, into payload: inout ByteEncoder, checkingWith encoder: TraceMetadataEncoder) throws {
        payload.append(systemID)
        payload.append(name)
    }

    init(_ index: Int, from payload: inout PayloadDecoder, bounds: TraceReferenceBounds) throws {
        let start = payload.offset
        self.init(
            systemID: try payload.read(UInt64.self, "thread \(index)"),
            name: try payload.read(UInt32.self, "thread \(index)")
        )
        try payload.check(referenceProblem(index, bounds: bounds), at: start)
    }
}

extension TraceMark: TraceTableEntry {
    /// 26 bytes, then 12 bytes per type count.
    static let table = TraceTable(section: .marks, name: "marks", limit: TraceFormatLimits.maxMarks, fixedSize: 26)

    func referenceProblem(_ index: Int, bounds: TraceReferenceBounds) -> String? {
        bounds.stringProblem(label, "mark \(index)'s label") ?? bounds.threadProblem(thread, "mark \(index)")
    }

    func encode(_ index: Int, into payload: inout ByteEncoder, checkingWith encoder: TraceMetadataEncoder) throws {
        try encoder.checkCount(types.count, limit: TraceFormatLimits.maxTypeCounts, "type counts in mark \(index)")
        payload.append(timestamp)
        payload.append(resourcesTotal)
        payload.append(label)
        payload.append(thread)
        payload.append(UInt32(types.count))
        try encoder.encodeTypeCounts(types, of: "mark \(index)", into: &payload)
    }

    init(_ index: Int, from payload: inout PayloadDecoder, bounds: TraceReferenceBounds) throws {
        let start = payload.offset
        let timestamp = try payload.read(UInt64.self, "mark \(index)")
        let total = try payload.read(Int64.self, "mark \(index)")
        let label = try payload.read(UInt32.self, "mark \(index)")
        let thread = try payload.read(UInt16.self, "mark \(index)")
        self.init(timestamp: timestamp, label: label, thread: thread, resourcesTotal: total, types: [])
        try payload.check(referenceProblem(index, bounds: bounds), at: start)
        types = try TraceMetadataDecoder.typeCounts(&payload, of: "mark \(index)", bounds: bounds)
    }
}

extension TraceOpenSubscription: TraceTableEntry {
    static let table = TraceTable(
        section: .openSubscriptions, name: "open subscriptions", limit: TraceFormatLimits.maxOpenSubscriptions, fixedSize: 22)

    func referenceProblem(_ index: Int, bounds: TraceReferenceBounds) -> String? {
        bounds.probeProblem(probe, "open subscription \(index)") ?? bounds.threadProblem(thread, "open subscription \(index)")
    }

    func encode(_ index: Int, into payload: inout ByteEncoder, checkingWith encoder: TraceMetadataEncoder) throws {
        payload.append(subscription)
        payload.append(subscribedAt)
        payload.append(probe)
        payload.append(thread)
    }

    init(_ index: Int, from payload: inout PayloadDecoder, bounds: TraceReferenceBounds) throws {
        let start = payload.offset
        let subscription = try payload.read(UInt64.self, "open subscription \(index)")
        let subscribedAt = try payload.read(UInt64.self, "open subscription \(index)")
        let probe = try payload.read(UInt32.self, "open subscription \(index)")
        let thread = try payload.read(UInt16.self, "open subscription \(index)")
        self.init(subscription: subscription, probe: probe, thread: thread, subscribedAt: subscribedAt)
        try payload.check(referenceProblem(index, bounds: bounds), at: start)
    }
}

extension TraceSite: TraceTableEntry {
    /// 20 bytes, then 4 bytes per frame and 12 bytes per type count.
    static let table = TraceTable(section: .sites, name: "sites", limit: TraceFormatLimits.maxSites, fixedSize: 20)

    func referenceProblem(_ index: Int, bounds: TraceReferenceBounds) -> String? {
        bounds.stringProblem(userFrame, "site \(index)'s user frame")
    }

    func encode(_ index: Int, into payload: inout ByteEncoder, checkingWith encoder: TraceMetadataEncoder) throws {
        try encoder.checkCount(frames.count, limit: TraceFormatLimits.maxFramesPerSite, "frames in site \(index)")
        try encoder.checkCount(live.count, limit: TraceFormatLimits.maxTypeCounts, "type counts in site \(index)")
        payload.append(fingerprint)
        payload.append(userFrame)
        payload.append(UInt32(frames.count))
        payload.append(UInt32(live.count))
        let bounds = encoder.bounds
        for (frameIndex, frame) in frames.enumerated() {
            try encoder.check(bounds.stringProblem(frame, "site \(index)'s frame \(frameIndex)"))
            payload.append(frame)
        }
        try encoder.encodeTypeCounts(live, of: "site \(index)", into: &payload)
    }

    init(_ index: Int, from payload: inout PayloadDecoder, bounds: TraceReferenceBounds) throws {
        let start = payload.offset
        let fingerprint = try payload.read(UInt64.self, "site \(index)")
        let userFrame = try payload.read(UInt32.self, "site \(index)")
        self.init(fingerprint: fingerprint, userFrame: userFrame, frames: [], live: [])
        try payload.check(referenceProblem(index, bounds: bounds), at: start)
        let framesOffset = payload.offset
        let frameCount = try payload.readLength(limit: TraceFormatLimits.maxFramesPerSite, "site \(index)") {
            "site \(index) has \($0) frames"
        }
        let liveCount = try payload.readLength(limit: TraceFormatLimits.maxTypeCounts, "site \(index)") {
            "site \(index) has \($0) type counts"
        }
        guard frameCount * 4 + liveCount * 12 <= payload.remaining else {
            throw payload.invalid(
                "site \(index)'s \(frameCount) frames and \(liveCount) type counts run past the end of the section",
                at: framesOffset
            )
        }
        frames.reserveCapacity(frameCount)
        for frameIndex in 0..<frameCount {
            let frameOffset = payload.offset
            let frame = try payload.read(UInt32.self, "site \(index)'s frame \(frameIndex)")
            try payload.check(bounds.stringProblem(frame, "site \(index)'s frame \(frameIndex)"), at: frameOffset)
            frames.append(frame)
        }
        live = try TraceMetadataDecoder.typeCounts(&payload, count: liveCount, of: "site \(index)", bounds: bounds)
    }
}
