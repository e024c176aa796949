import Dispatch
import Foundation
import TestSupport

@testable import RxCore

/// The error the test sources fail with.
struct TestError: Error, Equatable {
    let code: Int
}

/// A flag a test source sets from any thread, e.g. when its subscription is disposed.
final class Flag: Sendable {
    private let value = Locked<Bool>(false)

    var isSet: Bool { value.load() }

    func set() { value.store(true) }

    /// Polls until the flag is set; returns whether it was set within `timeout` seconds.
    func wait(timeout: Double) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while !isSet, Date() < deadline { usleep(1_000) }
        return isSet
    }
}

/// Sources for the blocking tests, built only from `Observable.create`.
enum TestSources {
    /// Emits `elements` during `subscribe`, then fails with `error` or completes.
    static func synchronous(_ elements: [Int], error: TestError? = nil, disposed: Flag = Flag()) -> Observable<Int> {
        Observable.create { observer in
            for element in elements { observer.onNext(element) }
            if let error {
                observer.onError(error)
            } else {
                observer.onCompleted()
            }
            return Disposables.create { disposed.set() }
        }
    }

    /// Emits `elements` on a thread of its own after `delay` seconds, then fails with `error` or
    /// completes (unless `terminate` is false). `finished` is set once that thread is done with
    /// the observer; `disposed` when the subscription is disposed. Not a global queue: a test
    /// that blocks while it waits must not wait for a thread that blocked tests share.
    static func background(
        _ elements: [Int],
        error: TestError? = nil,
        terminate: Bool = true,
        delay: Double = 0.005,
        disposed: Flag = Flag(),
        finished: Flag = Flag()
    ) -> Observable<Int> {
        Observable.create { observer in
            let box = Unchecked(observer)
            Thread {
                Thread.sleep(forTimeInterval: delay)
                var observer: AnyObserver<Int>? = box.value
                for element in elements { observer?.onNext(element) }
                if terminate {
                    if let error {
                        observer?.onError(error)
                    } else {
                        observer?.onCompleted()
                    }
                }
                observer = nil
                finished.set()
            }.start()
            return Disposables.create { disposed.set() }
        }
    }

    /// Emits `elements` on the main queue, then completes.
    static func mainQueue(_ elements: [Int]) -> Observable<Int> {
        Observable.create { observer in
            let box = Unchecked(observer)
            DispatchQueue.main.async {
                for element in elements { box.value.onNext(element) }
                box.value.onCompleted()
            }
            return Disposables.create()
        }
    }

    /// Emits `elements` during `subscribe` and then never terminates.
    static func endless(_ elements: [Int], disposed: Flag = Flag()) -> Observable<Int> {
        Observable.create { observer in
            for element in elements { observer.onNext(element) }
            return Disposables.create { disposed.set() }
        }
    }
}

/// Whether `error` is `RxError.timeout`.
func isTimeout(_ error: Error?) -> Bool {
    guard let error = error as? RxError, case .timeout = error else { return false }
    return true
}

/// Whether `error` is `RxError.noElements`.
func isNoElements(_ error: Error?) -> Bool {
    guard let error = error as? RxError, case .noElements = error else { return false }
    return true
}

/// Whether `error` is `RxError.moreThanOneElement`.
func isMoreThanOneElement(_ error: Error?) -> Bool {
    guard let error = error as? RxError, case .moreThanOneElement = error else { return false }
    return true
}
