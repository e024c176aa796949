/// Serializes the "subscribe the next source" steps of operators that go through sources
/// one after another (`catch(sequence:)`, `retry`, `retry(when:)`), without recursion.
///
/// Whoever finds the gate idle runs the step, then keeps running one more step for every
/// request that arrived meanwhile (a source that fails during its own subscription, or on
/// another thread). So a long run of sources that fail synchronously is a loop, not a
/// recursion, and the stack does not grow. Steps never overlap; state touched only inside
/// steps needs no other lock. After ``close()`` no step runs.
final class MoveGate {
    private let lock = Lock()

    // Guarded by `lock`.
    private var running = false
    private var pending = 0
    private var closed = false

    init() {}

    /// Whether ``close()`` has been called.
    var isClosed: Bool {
        lock.locked { closed }
    }

    /// Runs `step` now, or counts one more run for the step loop in progress.
    ///
    /// - Parameter step: The move; it runs with the gate held, never concurrently with itself.
    func request(_ step: () -> Void) {
        let runHere: Bool = lock.locked {
            if closed { return false }
            if running {
                pending += 1
                return false
            }
            running = true
            return true
        }
        guard runHere else { return }
        while true {
            step()
            let again: Bool = lock.locked {
                if !closed, pending > 0 {
                    pending -= 1
                    return true
                }
                pending = 0
                running = false
                return false
            }
            if !again { return }
        }
    }

    /// Stops the gate: pending and future requests are dropped.
    func close() {
        lock.locked {
            closed = true
            pending = 0
        }
    }
}
