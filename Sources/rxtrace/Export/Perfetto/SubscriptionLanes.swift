/// Places a probe's subscriptions on lanes, so that no two subscriptions on one lane overlap.
///
/// Perfetto draws the slices of one track as a stack that must nest, but Rx subscriptions
/// overlap without nesting (subscribe A, subscribe B, dispose A, dispose B). A subscription
/// takes the lowest free lane when it starts and gives it back when it ends, so the number of
/// lanes is the most subscriptions that were open at once.
struct SubscriptionLanes {
    /// How many lanes exist so far.
    private(set) var count = 0
    /// The free lanes, a binary min-heap.
    private var free: [Int] = []

    /// Takes the lowest free lane, or a new one; `isNew` says which.
    mutating func take() -> (lane: Int, isNew: Bool) {
        guard let lowest = free.first else {
            count += 1
            return (count - 1, true)
        }
        let last = free.removeLast()
        if !free.isEmpty {
            free[0] = last
            siftDown(0)
        }
        return (lowest, false)
    }

    /// Gives `lane` back.
    mutating func release(_ lane: Int) {
        free.append(lane)
        var child = free.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard free[child] < free[parent] else { break }
            free.swapAt(child, parent)
            child = parent
        }
    }

    private mutating func siftDown(_ start: Int) {
        var parent = start
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var smallest = parent
            if left < free.count, free[left] < free[smallest] { smallest = left }
            if right < free.count, free[right] < free[smallest] { smallest = right }
            guard smallest != parent else { return }
            free.swapAt(parent, smallest)
            parent = smallest
        }
    }
}
