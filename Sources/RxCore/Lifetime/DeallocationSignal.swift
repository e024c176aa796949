/// Tells subscribers when the object that owns it is deallocated: store one in a constant
/// property and conform to ``DeallocationReporting`` to get `rx.deallocated`.
///
/// RxCocoa attaches such an object to any `NSObject` through the Objective-C runtime's
/// associated objects. Linux has no such runtime, and pure Swift classes have none anywhere,
/// so here the class declares it: the signal lives exactly as long as its owner, and its
/// `deinit` runs while the owner's stored properties are released.
///
/// ```swift
/// final class Screen: ReactiveCompatible, DeallocationReporting {
///     let deallocationSignal = DeallocationSignal()
/// }
/// ```
public final class DeallocationSignal: Sendable {
    private struct State: Sendable {
        var nextKey = 0
        var observers: [Int: Unchecked<AnyObserver<Void>>] = [:]
    }

    private let state = LockedValue(State())

    /// Creates a signal; its owner should be the only one to hold it.
    public init() {}

    /// Adds `observer`, told once when this signal is freed; returns the key that removes it.
    func add(_ observer: AnyObserver<Void>) -> Int {
        let box = Unchecked(observer)
        return state.withLock { state in
            let key = state.nextKey
            state.nextKey += 1
            state.observers[key] = box
            return key
        }
    }

    /// Removes the observer added under `key`.
    func remove(_ key: Int) {
        _ = state.withLock { $0.observers.removeValue(forKey: key) }
    }

    deinit {
        let observers = state.withLock { state in
            defer { state.observers = [:] }
            return state.observers.sorted { $0.key < $1.key }.map(\.value)
        }
        for observer in observers {
            observer.value.onNext(())
            observer.value.onCompleted()
        }
    }
}

/// A class that owns a ``DeallocationSignal``, which gives it `rx.deallocated`.
public protocol DeallocationReporting: AnyObject {
    /// The signal the object owns; a constant property initialized with
    /// `DeallocationSignal()` and never handed to another owner.
    var deallocationSignal: DeallocationSignal { get }
}
