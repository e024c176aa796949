// A small host program for trying tracing from outside, and for the tests that do: it runs a
// search-screen scenario a few times with `debug()` probes and marks each repetition.
//
//     RXTRACE=run.rxtrace .build/debug/TracedHost --iterations 3
//     .build/debug/TracedHost --rxtrace=run.rxtrace --leak
//
// Options: `--iterations N` (default 3), `--leak` (each repetition keeps one subscription
// open), `--wait` (after the repetitions, print `ready` and keep running until standard input
// closes, so another process can send SIGUSR1), `--burst N` (after the repetitions, N elements
// through the probe "burst": more than a small ring buffer keeps), `--signal-first` (send itself
// SIGUSR1 before anything touches RxCore, as a dump request that comes too early would; the
// signal is unblocked first, as in a program started from a shell, whatever mask the parent
// passed on).
import Foundation
import RxCore

if CommandLine.arguments.contains("--signal-first") {
    var usr1 = sigset_t()
    sigemptyset(&usr1)
    sigaddset(&usr1, SIGUSR1)
    pthread_sigmask(SIG_UNBLOCK, &usr1, nil)
    kill(getpid(), SIGUSR1)
}

let arguments = Trace.bootstrap(arguments: CommandLine.arguments)
let iterations = arguments.firstIndex(of: "--iterations").flatMap { index in
    arguments.indices.contains(index + 1) ? Int(arguments[index + 1]) : nil
} ?? 3
let leaks = arguments.contains("--leak")
let waits = arguments.contains("--wait")
let burst = arguments.firstIndex(of: "--burst").flatMap { index in
    arguments.indices.contains(index + 1) ? Int(arguments[index + 1]) : nil
} ?? 0

/// Answers a query at once with two results, as a fake search service.
func search(_ query: String) -> Observable<[String]> {
    Observable.just(["\(query) 1", "\(query) 2"]).debug("search service")
}

var kept: [Disposable] = []
for iteration in 1...max(iterations, 1) {
    let queries = PublishSubject<String>()
    let bag = DisposeBag()
    queries
        .debug("query")
        .distinctUntilChanged()
        .flatMapLatest { search($0) }
        .debug("results")
        .subscribe(onNext: { _ in })
        .disposed(by: bag)
    for text in ["r", "rx", "rx", "rxs"] {
        queries.onNext(text)
    }
    if leaks {
        // Subscribed to a sequence that never ends, and never disposed.
        kept.append(Observable<String>.never().debug("leaked").subscribe())
    }
    queries.onCompleted()
    Trace.mark("iteration \(iteration)")
}

if burst > 0 {
    _ = Observable.range(start: 0, count: burst).debug("burst").subscribe()
}

if waits {
    FileHandle.standardOutput.write(Data("ready\n".utf8))
    while let _ = readLine(strippingNewline: true) {}
}
print("done: \(iterations) iterations\(leaks ? ", \(kept.count) subscriptions left open" : "")")
