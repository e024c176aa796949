import RxCore

/// Stands in for `Resources` in tests: counts live objects per type name by hand.
final class FakeCounter {
    private(set) var types: [String: Int] = [:]
    private(set) var snapshots = 0

    func add(_ name: String, _ count: Int = 1) {
        types[name, default: 0] += count
    }

    func snapshot() -> ResourceSnapshot {
        snapshots += 1
        return ResourceSnapshot(total: types.values.reduce(0, +), types: types)
    }
}
