import Foundation
import RxCore

extension Reactive where Base: NotificationCenter {
    /// Emits each notification named `name` (from `object` only, when given) for as long as
    /// the subscription lasts; never completes. Disposing removes the observer.
    ///
    /// Notifications arrive on the thread that posted them, as the center delivers them.
    ///
    /// ```swift
    /// let bag = DisposeBag()
    /// NotificationCenter.default.rx.notification(.settingsChanged)
    ///     .subscribe(onNext: { print($0.name.rawValue) })
    ///     .disposed(by: bag)
    /// NotificationCenter.default.post(name: .settingsChanged, object: nil)
    /// // settingsChanged
    /// ```
    ///
    /// - Parameters:
    ///   - name: The notification to observe; `nil` for every notification.
    ///   - object: The sender to observe, held weakly by the center; `nil` for any sender.
    /// - Returns: A hot sequence of the notifications.
    public func notification(_ name: Notification.Name?, object: AnyObject? = nil) -> Observable<Notification> {
        let center = Unchecked(base)
        let sender = Unchecked(object)
        return Observable.create { observer in
            let observer = Unchecked(observer)
            let token = center.value.addObserver(forName: name, object: sender.value, queue: nil) { notification in
                observer.value.onNext(notification)
            }
            let registration = Unchecked(token)
            return Disposables.create {
                center.value.removeObserver(registration.value)
            }
        }
    }
}
