import RxTraceFormat

/// How allocation sites were captured for a leak check.
///
/// In JSON an object with a `mode` (`"off"`, `"calls"`, `"sampled"` or `"all"`) and, for
/// `sampled`, the sampling interval `every`: `{"mode": "sampled", "every": 10}`.
public enum LeakSiteCapture: Sendable, Hashable, Codable {
    /// Sites were not captured: the report has counts only.
    case off
    /// No backtraces, but each resource remembers the line of user code whose `subscribe`,
    /// `bind`, `drive` or `debug` call made it (from `#fileID` and `#line`).
    case callSites
    /// One resource in every `every` carried its site, so site counts are a sample.
    case sampled(every: Int)
    /// Every resource carried its site.
    case all

    /// Whether the site counts are a sample rather than every resource.
    public var isSampled: Bool {
        if case .sampled = self { return true }
        return false
    }

    /// The capture mode a trace file's header states.
    public init(_ capture: TraceSiteCapture) {
        switch capture {
        case .off: self = .off
        case .sampled(let every): self = .sampled(every: Int(every))
        case .all: self = .all
        }
    }

    private enum CodingKeys: String, CodingKey {
        case mode
        case every
    }

    /// Decodes `{"mode": ..., "every": ...}`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let mode = try container.decode(String.self, forKey: .mode)
        switch mode {
        case "off": self = .off
        case "calls": self = .callSites
        case "all": self = .all
        case "sampled": self = .sampled(every: try container.decode(Int.self, forKey: .every))
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .mode,
                in: container,
                debugDescription: "unknown site capture mode \(mode)"
            )
        }
    }

    /// Encodes `{"mode": ..., "every": ...}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .off:
            try container.encode("off", forKey: .mode)
        case .callSites:
            try container.encode("calls", forKey: .mode)
        case .sampled(let every):
            try container.encode("sampled", forKey: .mode)
            try container.encode(every, forKey: .every)
        case .all:
            try container.encode("all", forKey: .mode)
        }
    }
}
