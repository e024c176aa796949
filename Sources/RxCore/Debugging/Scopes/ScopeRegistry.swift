#if TraceResources
/// Which scope each scope was created in, so a scope's counts include its nested scopes.
///
/// Scope ids are small numbers handed out in order; the parent of each is kept for the life of
/// the process (four bytes per scope ever created), because resources can outlive their scope.
final class ScopeRegistry: Sendable {
    static let shared = ScopeRegistry()

    /// Indexed by scope id; index 0 stands for "no scope".
    private let parents = LockedValue<[UInt32]>([0])

    private init() {}

    /// Hands out the id of a new scope created inside scope `parent` (0 for none).
    func register(parent: UInt32) -> UInt32 {
        parents.withLock { parents in
            let id = UInt32(parents.count)
            parents.append(parent)
            return id
        }
    }

    /// The ids of `scope` and of every scope nested in it, at any depth.
    func scopeAndDescendants(_ scope: UInt32) -> Set<UInt32> {
        parents.withLock { parents in
            var result: Set<UInt32> = [scope]
            // Parents always have smaller ids than their children, so one pass in order suffices.
            for id in parents.indices.dropFirst() where id > Int(scope) {
                if result.contains(parents[id]) {
                    result.insert(UInt32(id))
                }
            }
            return result
        }
    }
}
#endif
