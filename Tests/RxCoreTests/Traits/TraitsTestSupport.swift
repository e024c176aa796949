import RxCore
import RxTest

/// Subscribes through `subscribe` at 200, disposes at `disposed`, runs `scheduler` and returns
/// what the subscription recorded, each entry prefixed with the virtual time it arrived at.
func recordTrait(
    _ scheduler: TestScheduler,
    disposed: TestTime = 1000,
    _ subscribe: @escaping (_ record: @escaping (String) -> Void) -> Disposable
) -> [String] {
    var entries: [String] = []
    var subscription: Disposable?
    let record: (String) -> Void = { entries.append("\(scheduler.clock) \($0)") }
    scheduler.scheduleAt(200) { subscription = subscribe(record) }
    scheduler.scheduleAt(disposed) {
        subscription?.dispose()
        subscription = nil
    }
    scheduler.start()
    return entries
}

/// A single's event as text: `success(value)` or `failure(error)`.
func describe<Element>(_ event: SingleEvent<Element>) -> String {
    switch event {
    case .success(let element): "success(\(element))"
    case .failure(let error): "failure(\(error))"
    }
}

/// A maybe's event as text: `success(value)`, `error(error)` or `completed`.
func describe<Element>(_ event: MaybeEvent<Element>) -> String {
    switch event {
    case .success(let element): "success(\(element))"
    case .error(let error): "error(\(error))"
    case .completed: "completed"
    }
}

/// A completable's event as text: `error(error)` or `completed`.
func describe(_ event: CompletableEvent) -> String {
    switch event {
    case .error(let error): "error(\(error))"
    case .completed: "completed"
    }
}
