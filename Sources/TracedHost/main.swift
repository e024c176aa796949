// A small host program for trying tracing from outside, and for the tests that do: it runs a
// search-screen scenario a few times with `debug()` probes and marks each repetition.
//
//     RXTRACE=run.rxtrace .build/debug/TracedHost --iterations 3
//     .build/debug/TracedHost --rxtrace=run.rxtrace --leak
//
// Options: `--iterations N` (default 3, 0 for none), `--leak` (each repetition keeps one
// subscription open), `--wait` (after the repetitions, print `ready` and keep running until
// standard input closes, so another process can send SIGUSR1; each input line `repeat` runs
// one more repetition, without a mark, and prints `repeated`; with `--busy`, a thread meanwhile
// subscribes through the probe "busy" about a thousand times a second; with `--grow`, a thread
// keeps one more subscription through the probe "grown" open every 50 ms), `--burst N` (after the repetitions, N elements
// through the probe "burst": more than a small ring buffer keeps), `--signal-first` (send itself
// SIGUSR1 before anything touches RxCore, as a dump request that comes too early would; the
// signal is unblocked first, as in a program started from a shell, whatever mask the parent
// passed on), `--use-all-descriptors` (with `--wait`: before `ready`, lower the descriptor limit
// to 256 and open `/dev/null` until none is left, so the live channel cannot take a connection;
// the line `release` on standard input closes them again and prints `released`), `--dump-memory` (after the burst, dump the trace once and print how much the
// process's peak resident memory grew during the dump: `dump peak extra: N bytes`, from
// `/proc/self/status` after giving freed memory back with `malloc_trim` and resetting the peak
// through `/proc/self/clear_refs`), `--no-marks` (run the repetitions without marking them),
// `--over-time leak|cache --samples N` (instead of the repetitions, and without marks: until
// the trace has taken N resource samples, keep one more subscription open after each sample,
// a steady leak; or, for `cache`, after each of the samples 12 to 20 only, a cache that fills
// and then stays), `--help` (print the options and exit, running nothing).
// With `TRACEDHOST_SIGNAL_IN_INITIALIZER=1`, a C constructor of the program sends it SIGUSR1
// while it starts (see CTracedHost), and the program prints `signalled in an initializer`.
import CTracedHost
import Foundation
import RxCore

if CommandLine.arguments.dropFirst().contains(where: { $0 == "--help" || $0 == "-h" }) {
    print(
        """
        usage: TracedHost [--iterations N] [--leak] [--wait [--busy] [--grow] [--use-all-descriptors]] [--burst N] [--signal-first] [--dump-memory] [--no-marks]
                  [--over-time leak|cache --samples N] [--rxtrace[=PATH]]

        Runs a search-screen scenario N times (default 3) with debug() probes, marking each
        repetition; set RXTRACE=PATH (or pass --rxtrace=PATH) to trace it.

          --iterations N   repetitions of the scenario (default 3; 0 for none)
          --leak           each repetition keeps one subscription open
          --wait           after the repetitions, print "ready" and run until standard input closes;
                           each input line "repeat" runs one more repetition (no mark)
          --busy           while waiting, keep subscribing through the probe "busy"
          --grow           while waiting, keep one more subscription open every 50 ms
          --use-all-descriptors
                           while waiting, hold every descriptor until the input line "release"
          --burst N        then N elements through the probe "burst"
          --signal-first   send itself SIGUSR1 before anything touches RxCore
          --dump-memory    dump the trace once and print how much the dump grew peak memory
          --no-marks       do not mark the repetitions
          --over-time leak|cache --samples N
                           no repetitions, no marks: until N resource samples are taken, keep a
                           subscription open after each one (leak), or after samples 12 to 20 (cache)
          --help           print this and exit
        """)
    exit(0)
}
if tracedhost_signalled_in_initializer() {
    print("signalled in an initializer")
}

if CommandLine.arguments.contains("--signal-first") {
    var usr1 = sigset_t()
    sigemptyset(&usr1)
    sigaddset(&usr1, SIGUSR1)
    let unblocked = pthread_sigmask(SIG_UNBLOCK, &usr1, nil)
    precondition(unblocked == 0, "TracedHost: pthread_sigmask failed with \(unblocked)")
    kill(getpid(), SIGUSR1)
}

let arguments = Trace.bootstrap(arguments: CommandLine.arguments)
let iterations =
    arguments.firstIndex(of: "--iterations").flatMap { index in
        arguments.indices.contains(index + 1) ? Int(arguments[index + 1]) : nil
    } ?? 3
let leaks = arguments.contains("--leak")
let waits = arguments.contains("--wait")
let burst =
    arguments.firstIndex(of: "--burst").flatMap { index in
        arguments.indices.contains(index + 1) ? Int(arguments[index + 1]) : nil
    } ?? 0

/// Answers a query at once with two results, as a fake search service.
func search(_ query: String) -> Observable<[String]> {
    Observable.just(["\(query) 1", "\(query) 2"]).debug("search service")
}

/// The value after `option` in the arguments, if any.
func value(after option: String) -> String? {
    arguments.firstIndex(of: option).flatMap { arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil }
}

/// The disposables of the subscriptions `--leak` and `--grow` keep open, never disposed.
nonisolated(unsafe) var kept: [Disposable] = []
let keptLock = NSLock()

if let shape = value(after: "--over-time") {
    // Driven by the sampler's count, not by time, so that a loaded machine changes nothing.
    let samples = value(after: "--samples").flatMap { Int($0) } ?? 40
    guard (Trace.configuration?.samplePeriod ?? 0) > 0 else {
        print("--over-time needs tracing with resource samples (RXTRACE set, RXTRACE_SAMPLE_PERIOD not 0)")
        exit(1)
    }
    let source = PublishSubject<Int>()
    var seen = Trace.resourceSamplesTaken
    while seen < samples {
        let now = Trace.resourceSamplesTaken
        if now != seen {
            seen = now
            if shape == "leak" || (12...20).contains(now) {
                let open = source.map { $0 + 1 }.subscribe(onNext: { _ in })
                keptLock.withLock { kept.append(open) }
            }
        }
        usleep(500)
    }
    print("done: \(samples) samples, \(keptLock.withLock { kept.count }) subscriptions left open")
    fflush(nil)
    exit(0)
}
let marks = !arguments.contains("--no-marks")

/// One repetition of the scenario: a search screen opened, typed into and closed; marked
/// `label` (when given) at its end, while the screen's subscription is still there.
func repeatScenario(marking label: String? = nil) {
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
        let leaked = Observable<String>.never().debug("leaked").subscribe()
        keptLock.withLock { kept.append(leaked) }
    }
    queries.onCompleted()
    if let label { Trace.mark(label) }
}

for iteration in stride(from: 1, through: iterations, by: 1) {
    repeatScenario(marking: marks ? "iteration \(iteration)" : nil)
}

if burst > 0 {
    _ = Observable.range(start: 0, count: burst).debug("burst").subscribe()
}

if arguments.contains("--dump-memory") {
    /// A `kB` field of `/proc/self/status`, in bytes.
    func statusBytes(_ field: String) -> Int {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix(field + ":") } ?? ""
        return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) * 1024
    }
    // Memory freed earlier (the burst's) goes back to the system first, so that what the dump
    // allocates shows as growth instead of reusing pages that are already resident.
    // (glibc's `malloc_trim`, which its module map does not export: looked up by name).
    if let trim = dlsym(nil, "malloc_trim") {
        _ = unsafeBitCast(trim, to: (@convention(c) (Int) -> Int32).self)(0)
    }
    // "5" resets the peak resident set size to the current one (Linux 4.0 and later).
    let reset = (try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)) != nil
    let before = statusBytes("VmRSS")
    let path = try Trace.dump()
    let peak = statusBytes("VmHWM")
    print(reset ? "dump peak extra: \(max(0, peak - before)) bytes (\(path))" : "dump peak extra: unknown (no clear_refs)")
}

if waits {
    if arguments.contains("--grow") {
        Thread.detachNewThread {
            while true {
                let grown = Observable<Int>.never().debug("grown").subscribe()
                keptLock.withLock { kept.append(grown) }
                usleep(50_000)
            }
        }
    }
    if arguments.contains("--busy") {
        Thread.detachNewThread {
            while true {
                _ = Observable.just(1).debug("busy").subscribe()
                usleep(1_000)
            }
        }
    }
    var held: [Int32] = []
    if arguments.contains("--use-all-descriptors") {
        #if os(Linux)
        let descriptors = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
        #else
        let descriptors = RLIMIT_NOFILE
        #endif
        var limit = rlimit()
        getrlimit(descriptors, &limit)
        limit.rlim_cur = min(limit.rlim_cur, 256)
        setrlimit(descriptors, &limit)
        while case let descriptor = open("/dev/null", O_RDONLY), descriptor >= 0 {
            held.append(descriptor)
        }
    }
    FileHandle.standardOutput.write(Data("ready\n".utf8))
    while let line = readLine(strippingNewline: true) {
        if line == "repeat" {
            repeatScenario()
            FileHandle.standardOutput.write(Data("repeated\n".utf8))
        }
        if line == "release" {
            held.forEach { close($0) }
            held = []
            FileHandle.standardOutput.write(Data("released\n".utf8))
        }
    }
    held.forEach { close($0) }
}
print("done: \(iterations) iterations\(leaks ? ", \(keptLock.withLock { kept.count }) subscriptions left open" : "")")
// Out before exit, whose trace dump (or wait for one) may take a while.
fflush(nil)
