import RxCore

/// A search screen: queries typed into a field, searched as they change, results shown.
final class SearchScreen {
    /// The text field's changes; it never completes while the screen is open.
    let queries = PublishSubject<String>()
    /// The results on screen.
    private(set) var results: [String] = []
    /// Owns the screen's subscriptions.
    let bag = DisposeBag()

    /// Answers a query at once with two results, as a fake search service.
    static func search(_ query: String) -> Observable<[String]> {
        Observable.just(["\(query) 1", "\(query) 2"]).debug("search service")
    }

    /// Binds the screen: distinct queries are searched, the latest search wins.
    func bind(capturesStrongly: Bool) {
        let searches =
            queries
            .debug("query")
            .distinctUntilChanged()
            .flatMapLatest { SearchScreen.search($0) }
            .debug("results")
        if capturesStrongly {
            searches.subscribe(onNext: { results in self.results = results }).disposed(by: bag)
        } else {
            searches.subscribe(onNext: { [weak self] results in self?.results = results }).disposed(by: bag)
        }
    }

    /// One repetition: open the screen, type, close it (drop every reference to it).
    static func openTypeAndClose(capturesStrongly: Bool) {
        let screen = SearchScreen()
        screen.bind(capturesStrongly: capturesStrongly)
        for text in ["r", "rx", "rx", "rxs"] {
            screen.queries.onNext(text)
        }
    }
}
