import RxTraceFormat

/// Which kind of subscription an allocation site's resources were made for.
///
/// One retained subscription is one finding. When several grew together (the bindings of one
/// owner that its dispose bag keeps alive), a subscription whose entry point took a user
/// closure is ranked the likely cause: the closure can capture the owner, while a binding to
/// a relay, subject or `Binder` holds nothing of the owner's. In JSON: `"none"`, `"binding"`
/// or `"closure"`.
public enum LeakSubscriptionKind: String, Sendable, Hashable, Codable, Comparable {
    /// Resources made outside every `subscribe`, `bind`, `drive` or `emit` call, or a site
    /// recorded without subscriptions (an older trace).
    case none
    /// A subscription whose entry point took observers, subjects, relays or `Binder`s.
    case binding
    /// A subscription whose entry point took a user closure.
    case closure

    /// Orders by how likely the kind is to be the cause: `none`, then `binding`, then `closure`.
    public static func < (left: Self, right: Self) -> Bool {
        left.rank < right.rank
    }

    private var rank: Int {
        switch self {
        case .none: 0
        case .binding: 1
        case .closure: 2
        }
    }
}

extension LeakSubscriptionKind {
    /// The kind a trace file's site subscriptions section states.
    public init(_ subscription: TraceSiteSubscription) {
        switch subscription {
        case .none: self = .none
        case .binding: self = .binding
        case .closure: self = .closure
        }
    }
}
