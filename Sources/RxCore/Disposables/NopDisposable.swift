/// A disposable with nothing to release; one shared instance serves everyone.
struct NopDisposable: Disposable, Sendable {
    static let noOp = NopDisposable()

    private init() {}

    func dispose() {}
}
