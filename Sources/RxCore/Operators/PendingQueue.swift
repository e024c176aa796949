/// The first-in first-out queue of the core: events that operators hold back (`delay`,
/// `observe(on:)`), `zip`'s elements, the inner sequences waiting in `concatMap`,
/// `merge(maxConcurrent:)` and `concat()`, and the current-thread trampoline's work.
///
/// The items live in one array read from a moving head; a dequeued slot is cleared at once
/// (the item is released), the consumed prefix is dropped when it is at least half the
/// array, and the array keeps its capacity when the queue empties, so a steady stream of
/// enqueues and dequeues allocates nothing once the array has grown.
///
/// Not thread-safe: the owning sink guards it with its lock (the trampoline is confined to
/// its thread).
struct PendingQueue<Item> {
    private var items: [Item?] = []
    private var head = 0

    /// Whether no item is waiting.
    var isEmpty: Bool {
        head == items.count
    }

    /// The number of items waiting.
    var count: Int {
        items.count - head
    }

    /// The oldest item, `nil` when the queue is empty.
    var first: Item? {
        isEmpty ? nil : items[head]
    }

    /// Appends `item` after the newest one.
    mutating func enqueue(_ item: Item) {
        if head > 0, head * 2 >= items.count {
            items.removeSubrange(0..<head)
            head = 0
        }
        items.append(item)
    }

    /// Removes and returns the oldest item, `nil` when the queue is empty.
    mutating func dequeue() -> Item? {
        guard head < items.count, let item = items[head] else { return nil }
        items[head] = nil
        head += 1
        if head == items.count {
            items.removeAll(keepingCapacity: true)
            head = 0
        }
        return item
    }

    /// Removes every item and returns them, oldest first, so the caller can release them
    /// outside its lock.
    mutating func removeAll() -> [Item] {
        let remaining = items[head...].compactMap { $0 }
        items = []
        head = 0
        return remaining
    }
}
