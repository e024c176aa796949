import RxCore
import RxTest

/// The hot source of RxSwift's multicast scenarios.
enum SharingSupport {
    static func multicastSource(
        _ scheduler: TestScheduler, terminal: Recorded<Event<Int>> = .error(800, testError)
    )
        -> TestableObservable<Int>
    {
        var events: [Recorded<Event<Int>>] = [
            .next(110, 7), .next(220, 3), .next(280, 4), .next(290, 1), .next(340, 8), .next(360, 5), .next(370, 6),
            .next(390, 7), .next(410, 13), .next(430, 2), .next(450, 9), .next(520, 11), .next(560, 20),
            .next(570, 21), .next(580, 23), .next(590, 24), .next(600, 25), .next(610, 26), .next(620, 27),
            .next(630, 28),
        ]
        events.append(terminal)
        events.sort { $0.time < $1.time }
        return scheduler.createHotObservable(events)
    }

    /// Connects at 300, disconnects at 400, connects at 420 and again (same connection) at
    /// 440, disposes the second handle at 530, connects at 575, disposes the first handle at
    /// 590 and the last at 621, as RxSwift's multicast tests do.
    static func runConnections(_ scheduler: TestScheduler, _ connectable: @escaping () -> ConnectableObservable<Int>) {
        var connection: Disposable?
        var inner: Disposable?
        var last: Disposable?
        scheduler.scheduleAt(300) { connection = connectable().connect() }
        scheduler.scheduleAt(400) { connection?.dispose() }
        scheduler.scheduleAt(420) { connection = connectable().connect() }
        scheduler.scheduleAt(440) { inner = connectable().connect() }
        scheduler.scheduleAt(530) { inner?.dispose() }
        scheduler.scheduleAt(575) { last = connectable().connect() }
        scheduler.scheduleAt(590) { connection?.dispose() }
        scheduler.scheduleAt(621) { last?.dispose() }
    }
}
