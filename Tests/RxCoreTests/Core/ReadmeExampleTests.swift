import RxCore
import RxTest
import Testing

/// The example of README.md's tour, kept compiling and printing what the README says.
@Suite(.resourceBalanced)
struct ReadmeExampleTests {
    @Test("tour example prints the latest results")
    func tourExamplePrintsTheLatestResults() {
        var printed: [String] = []
        func print(_ line: String) { printed.append(line) }

        let bag = DisposeBag()
        let queries = PublishSubject<String>()
        queries
            .filter { $0.count >= 3 }
            .distinctUntilChanged()
            .flatMapLatest { query in Observable.just("results for \(query)") }
            .subscribe(onNext: { print($0) })
            .disposed(by: bag)
        queries.onNext("rx")
        queries.onNext("rxswift")

        #expect(printed == ["results for rxswift"])
    }
}
