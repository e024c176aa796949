/// The queue of a ``VirtualTimeScheduler``: a binary min-heap of items ordered by due time,
/// then by scheduling order, so items due at the same time run first in, first out.
struct VirtualSchedulerQueue<Time> {
    private var heap: [VirtualSchedulerItem<Time>] = []
    private let compare: (Time, Time) -> VirtualTimeComparison

    init(compare: @escaping (Time, Time) -> VirtualTimeComparison) {
        self.compare = compare
    }

    var isEmpty: Bool { heap.isEmpty }

    var count: Int { heap.count }

    /// The item that runs next, without removing it.
    var first: VirtualSchedulerItem<Time>? { heap.first }

    mutating func enqueue(_ item: VirtualSchedulerItem<Time>) {
        heap.append(item)
        siftUp(heap.count - 1)
    }

    /// Removes and returns the item that runs next.
    mutating func dequeue() -> VirtualSchedulerItem<Time>? {
        guard !heap.isEmpty else { return nil }
        heap.swapAt(0, heap.count - 1)
        let item = heap.removeLast()
        if !heap.isEmpty {
            siftDown(0)
        }
        return item
    }

    private func runsBefore(_ lhs: VirtualSchedulerItem<Time>, _ rhs: VirtualSchedulerItem<Time>) -> Bool {
        switch compare(lhs.time, rhs.time) {
        case .lessThan: return true
        case .greaterThan: return false
        case .equal: return lhs.id < rhs.id
        }
    }

    private mutating func siftUp(_ start: Int) {
        var index = start
        while index > 0 {
            let parent = (index - 1) / 2
            guard runsBefore(heap[index], heap[parent]) else { return }
            heap.swapAt(index, parent)
            index = parent
        }
    }

    private mutating func siftDown(_ start: Int) {
        var index = start
        while true {
            let left = 2 * index + 1
            let right = left + 1
            var smallest = index
            if left < heap.count, runsBefore(heap[left], heap[smallest]) { smallest = left }
            if right < heap.count, runsBefore(heap[right], heap[smallest]) { smallest = right }
            guard smallest != index else { return }
            heap.swapAt(index, smallest)
            index = smallest
        }
    }
}
