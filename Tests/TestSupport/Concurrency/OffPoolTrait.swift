import Dispatch
import Testing

/// Runs each test of a suite (or one test) off the cooperative pool: its body, and the child
/// tasks it starts, run on threads of a dispatch queue that adds a thread when one blocks.
///
/// For tests that block while they wait (a semaphore, `toBlocking()`, a child process, a busy
/// poll): on the cooperative pool, which has one thread per core, such a test starves the tasks
/// other tests wait for, and with one core waits forever for any task it needs itself. The test
/// keeps its task, so its `#expect`s and task-local values are the test's as before.
///
/// On a system without task executors (before macOS 15 / iOS 18) the test runs where it would
/// without the trait.
@available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *)
public struct OffPoolTrait: TestTrait, SuiteTrait, TestScoping {
    /// Applies to every test in a suite, nested suites included.
    public var isRecursive: Bool { true }

    /// Runs a test case with the off-pool executor as its task executor preference; the suite's
    /// own scope passes through.
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        guard testCase != nil else {
            // The suite's scope: its tests get their own.
            try await function()
            return
        }
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            try await withTaskExecutorPreference(OffPoolExecutor.shared) {
                try await function()
            }
        } else {
            try await function()
        }
    }
}

@available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *)
extension OffPoolTrait {
    /// Whether the caller runs on the threads this trait moves tests to.
    public static var isRunningOffPool: Bool {
        DispatchQueue.getSpecific(key: offPoolQueueKey) == true
    }
}

/// Marks the off-pool queue, so that code can tell it runs there.
private let offPoolQueueKey = DispatchSpecificKey<Bool>()

@available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *)
extension Trait where Self == OffPoolTrait {
    /// Runs the test, or each test of the suite, off the cooperative pool: for tests that block
    /// while they wait. See ``OffPoolTrait``.
    public static var offPool: Self { OffPoolTrait() }
}

/// A task executor on a concurrent dispatch queue that targets the overcommitting global queue:
/// dispatch gives it another thread whenever one blocks, which the cooperative pool never does.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
final class OffPoolExecutor: TaskExecutor {
    static let shared = OffPoolExecutor()

    private let queue: DispatchQueue = {
        let queue = DispatchQueue(label: "rxtrace.tests.off-pool", attributes: .concurrent)
        queue.setSpecific(key: offPoolQueueKey, value: true)
        return queue
    }()

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async {
            job.runSynchronously(on: self.asUnownedTaskExecutor())
        }
    }
}
