import Foundation

/// Runs work as operations on an `OperationQueue`.
///
/// Each scheduled action becomes one `BlockOperation` with the scheduler's priority, so the
/// queue's `maxConcurrentOperationCount`, priorities and suspension apply to it. Like
/// RxSwift's, this scheduler has no notion of time: it schedules immediate work only.
///
/// ```swift
/// let queue = OperationQueue()
/// queue.maxConcurrentOperationCount = 2
/// let scheduler = OperationQueueScheduler(operationQueue: queue)
/// ```
public final class OperationQueueScheduler: ImmediateSchedulerType, Sendable {
    /// The queue the operations are added to.
    public let operationQueue: OperationQueue
    /// The priority given to each operation.
    public let queuePriority: Operation.QueuePriority

    /// Creates a scheduler that adds operations to `operationQueue`.
    ///
    /// - Parameters:
    ///   - operationQueue: The queue the operations run on.
    ///   - queuePriority: The priority of each operation.
    public init(operationQueue: OperationQueue, queuePriority: Operation.QueuePriority = .normal) {
        self.operationQueue = operationQueue
        self.queuePriority = queuePriority
    }

    /// Runs `action` with `state` as an operation on ``operationQueue``.
    ///
    /// - Returns: A disposable that cancels the run if it has not started, and otherwise
    ///   disposes what the action returned.
    public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        let work = QueuedWork(state: state, action: action)
        let box = Unchecked(work)
        let operation = BlockOperation {
            box.value.run()
        }
        operation.queuePriority = queuePriority
        operationQueue.addOperation(operation)
        return work
    }
}
