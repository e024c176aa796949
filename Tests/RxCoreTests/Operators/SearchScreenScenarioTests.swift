import RxCore
import RxTest
import Testing

// The search screen of "Thinking in RxSwift" (Spotify track search), on virtual time with a
// fake search service. The query stream stands for the search bar's text after `debounce`;
// the featured query "Let it go - frozen" is its first element (the article's `startWith`).

private struct Track: Equatable {
    let title: String
    let artist: String
}

/// What a table cell shows for a track.
private struct TrackRenderable: Equatable {
    let title: String
    let subtitle: String

    init(track: Track) {
        title = track.title
        subtitle = "by \(track.artist)"
    }
}

/// A search service whose every request is a cold observable on the test scheduler, so each
/// request's subscription (and its cancellation) is recorded.
private final class FakeSearchService {
    enum Outcome {
        case tracks([Track], after: TestTime)
        case failure(after: TestTime)
    }

    private let scheduler: TestScheduler
    private let outcomes: [String: Outcome]

    /// The requests made, in order, with the observable that answered each.
    private(set) var requests: [(query: String, response: TestableObservable<[Track]>)] = []

    init(scheduler: TestScheduler, outcomes: [String: Outcome]) {
        self.scheduler = scheduler
        self.outcomes = outcomes
    }

    func search(query: String) -> Observable<[Track]> {
        let events: [Recorded<Event<[Track]>>]
        switch outcomes[query] ?? .tracks([], after: 10) {
        case .tracks(let tracks, let latency):
            events = [.next(latency, tracks), .completed(latency)]
        case .failure(let latency):
            events = [.error(latency, SearchFailure.offline)]
        }
        let response = scheduler.createColdObservable(events)
        requests.append((query, response))
        return response.asObservable()
    }

    /// The subscription of the request made for `query`.
    func subscriptions(of query: String) -> [Subscription] {
        requests.filter { $0.query == query }.flatMap(\.response.subscriptions)
    }
}

private enum SearchFailure: Error {
    case offline
}

private let letItGo = [Track(title: "Let It Go", artist: "Idina Menzel")]
private let adele = [Track(title: "Hello", artist: "Adele"), Track(title: "Someone Like You", artist: "Adele")]
private let adel = [Track(title: "Adelante", artist: "Sash!")]
private let queen = [Track(title: "Bohemian Rhapsody", artist: "Queen")]

private func renderables(_ tracks: [Track]) -> [TrackRenderable] {
    tracks.map(TrackRenderable.init)
}

@Suite("Scenario: the search screen of 'Thinking in RxSwift'", .resourceBalanced)
struct SearchScreenScenarioTests {
    /// The queries as the debounced search bar sends them.
    private static let typing: [Recorded<Event<String>>] = [
        .next(210, "Let it go - frozen"),  // the featured query
        .next(300, "ad"),  // too short: no request
        .next(320, "adel"),  // answered at 370 ...
        .next(340, "adele"),  // ... but this one comes first and cancels it
        .next(500, "queen"),
        .completed(600),  // the screen goes away
    ]

    private static func service(
        _ scheduler: TestScheduler, adelOutcome: FakeSearchService.Outcome = .tracks(adel, after: 50)
    ) -> FakeSearchService {
        FakeSearchService(
            scheduler: scheduler,
            outcomes: [
                "Let it go - frozen": .tracks(letItGo, after: 50),
                "adel": adelOutcome,
                "adele": .tracks(adele, after: 50),
                "queen": .tracks(queen, after: 50),
            ])
    }

    /// The screen's pipeline: queries of at least three letters, the latest request only,
    /// tracks turned into what the cells render.
    private static func tracks(for queries: Observable<String>, service: FakeSearchService) -> Observable<[TrackRenderable]> {
        queries
            .compactMap { $0.count >= 3 ? $0 : nil }
            .flatMapLatest { query in service.search(query: query) }
            .map(renderables)
    }

    @Test("a query typed while a request is in flight cancels it; only the latest results arrive")
    func latestQueryWins() {
        let scheduler = TestScheduler(initialClock: 0)
        let service = Self.service(scheduler)
        let queries = scheduler.createHotObservable(Self.typing)
        let res = scheduler.start { Self.tracks(for: queries.asObservable(), service: service) }

        expectEvents(
            res.events,
            [
                .next(260, renderables(letItGo)),
                .next(390, renderables(adele)),
                .next(550, renderables(queen)),
                .completed(600),
            ])
        #expect(service.requests.map(\.query) == ["Let it go - frozen", "adel", "adele", "queen"])
        #expect(service.subscriptions(of: "Let it go - frozen") == [Subscription(210, 260)])
        // Cancelled at 340, before its answer was due at 370: "Adelante" never shows.
        #expect(service.subscriptions(of: "adel") == [Subscription(320, 340)])
        #expect(service.subscriptions(of: "adele") == [Subscription(340, 390)])
        #expect(service.subscriptions(of: "queen") == [Subscription(500, 550)])
        #expect(queries.subscriptions == [Subscription(200, 600)])
    }

    @Test("the previous results are cleared as soon as a new search starts")
    func clearsOnNewQuery() {
        let scheduler = TestScheduler(initialClock: 0)
        let service = Self.service(scheduler)
        let queries = scheduler.createHotObservable(Self.typing)
        let res = scheduler.start {
            queries
                .compactMap { $0.count >= 3 ? $0 : nil }
                .flatMapLatest { query in
                    // An empty list first, then the answer: the article's `startWith([])`.
                    Observable.of(Observable.just([Track]()), service.search(query: query)).concatMap { $0 }
                }
                .map(renderables)
        }

        expectEvents(
            res.events,
            [
                .next(210, []), .next(260, renderables(letItGo)),
                .next(320, []),
                .next(340, []), .next(390, renderables(adele)),
                .next(500, []), .next(550, renderables(queen)),
                .completed(600),
            ])
        #expect(service.subscriptions(of: "adel") == [Subscription(320, 340)])
        #expect(service.subscriptions(of: "adele") == [Subscription(340, 390)])
    }

    @Test("a cancelled request that would have failed does no harm")
    func cancelledFailureIgnored() {
        let scheduler = TestScheduler(initialClock: 0)
        let service = Self.service(scheduler, adelOutcome: .failure(after: 30))
        let queries = scheduler.createHotObservable(Self.typing)
        let res = scheduler.start { Self.tracks(for: queries.asObservable(), service: service) }

        expectEvents(
            res.events,
            [
                .next(260, renderables(letItGo)), .next(390, renderables(adele)), .next(550, renderables(queen)), .completed(600),
            ])
        #expect(service.subscriptions(of: "adel") == [Subscription(320, 340)])
    }

    @Test("the latest request failing ends the results with its error")
    func latestFailure() {
        let scheduler = TestScheduler(initialClock: 0)
        let service = Self.service(scheduler, adelOutcome: .failure(after: 10))
        let queries = scheduler.createHotObservable(Self.typing)
        let res = scheduler.start { Self.tracks(for: queries.asObservable(), service: service) }

        expectEvents(res.events, [.next(260, renderables(letItGo)), .error(330, SearchFailure.offline)])
        #expect(service.requests.map(\.query) == ["Let it go - frozen", "adel"])
        #expect(service.subscriptions(of: "adel") == [Subscription(320, 330)])
        #expect(queries.subscriptions == [Subscription(200, 330)])
    }

    @Test("leaving the screen with a request in flight cancels that request")
    func leavingCancels() {
        let scheduler = TestScheduler(initialClock: 0)
        let service = Self.service(scheduler)
        let queries = scheduler.createHotObservable(Self.typing)
        let res = scheduler.start(disposed: 360) { Self.tracks(for: queries.asObservable(), service: service) }

        expectEvents(res.events, [.next(260, renderables(letItGo))])
        #expect(service.subscriptions(of: "adele") == [Subscription(340, 360)])
        #expect(queries.subscriptions == [Subscription(200, 360)])
        scheduler.expectNoOpenSubscriptions()
    }

    @Test("raw keystrokes: debounce, distinctUntilChanged and do(onNext:) in front of flatMapLatest")
    func keystrokesThroughTheWholePipeline() {
        let scheduler = TestScheduler(initialClock: 0)
        let quePartial = [Track(title: "Queen of the Night", artist: "Whitney Houston")]
        let service = FakeSearchService(
            scheduler: scheduler,
            outcomes: [
                "que": .tracks(quePartial, after: 50),
                "queen": .tracks(queen, after: 50),
            ])
        let searchBarText = scheduler.createHotObservable([
            .next(210, "q"), .next(212, "qu"), .next(214, "que"),  // settles: "que" at 234
            .next(240, "quee"), .next(242, "queen"),  // settles: "queen" at 262, cancels "que"
            .next(320, "queen "), .next(322, "queen"),  // settles on the same text: no request
            .completed(600),
        ])
        var requested: [String] = []
        let res = scheduler.start {
            searchBarText.asObservable()
                .debounce(.seconds(20), scheduler: scheduler)
                .distinctUntilChanged()
                .do(onNext: { requested.append($0) })
                .flatMapLatest { query in service.search(query: query) }
                .map(renderables)
        }

        expectEvents(res.events, [.next(312, renderables(queen)), .completed(600)])
        #expect(requested == ["que", "queen"])
        #expect(service.subscriptions(of: "que") == [Subscription(234, 262)])
        #expect(service.subscriptions(of: "queen") == [Subscription(262, 312)])
        #expect(searchBarText.subscriptions == [Subscription(200, 600)])
    }
}
