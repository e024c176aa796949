import Dispatch

extension DispatchQueue {
    /// A marker set on the main queue once, found by `getSpecific` from work running on it.
    private static let mainQueueMarker: DispatchSpecificKey<Void> = {
        let key = DispatchSpecificKey<Void>()
        DispatchQueue.main.setSpecific(key: key, value: ())
        return key
    }()

    /// Whether the caller is executing on the main queue: in a block the main queue runs, or
    /// on the main thread outside any other queue (code on the main thread inside another
    /// queue's `sync` is not on the main queue).
    static var isMain: Bool {
        getSpecific(key: mainQueueMarker) != nil
    }
}
