import Foundation
import RxCore
import RxFoundation
import RxTest
import Testing

/// `NotificationCenter.rx.notification`: the named notifications, from one sender when asked,
/// until disposed. Each test posts on a center of its own.
@Suite("NotificationCenter.rx", .resourceBalanced)
struct NotificationCenterRxTests {
    private static let changed = Notification.Name("NotificationCenterRxTests.changed")
    private static let other = Notification.Name("NotificationCenterRxTests.other")

    @Test("emits each notification of the name, on the posting thread, and nothing after disposal")
    func namedNotifications() {
        let center = NotificationCenter()
        let events = EventJournal<Notification>()
        let subscription = center.rx.notification(Self.changed).subscribe { events.record($0) }
        center.post(name: Self.changed, object: nil, userInfo: ["step": 1])
        center.post(name: Self.other, object: nil)
        center.post(name: Self.changed, object: nil, userInfo: ["step": 2])
        subscription.dispose()
        center.post(name: Self.changed, object: nil, userInfo: ["step": 3])
        let steps = events.all.compactMap { event -> Int? in
            guard case .next(let notification) = event else { return nil }
            return notification.userInfo?["step"] as? Int
        }
        #expect(steps == [1, 2])
        #expect(events.count == 2)
    }

    @Test("with an object, only that sender's notifications arrive")
    func fromOneSender() {
        final class Sender {}
        let center = NotificationCenter()
        let mine = Sender()
        let theirs = Sender()
        let events = EventJournal<Notification>()
        let subscription = center.rx.notification(Self.changed, object: mine).subscribe { events.record($0) }
        center.post(name: Self.changed, object: theirs)
        center.post(name: Self.changed, object: mine)
        #expect(events.count == 1)
        subscription.dispose()
    }
}
