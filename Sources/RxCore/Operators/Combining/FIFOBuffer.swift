/// A first-in first-out buffer on a growable ring: enqueue and dequeue are O(1) and, once the
/// ring has grown to the largest backlog, allocate nothing.
///
/// Not thread-safe: the operator that owns it guards it with its lock.
struct FIFOBuffer<Element> {
    private var storage: [Element?]
    private var head = 0
    private(set) var count = 0

    /// Creates an empty buffer with room for `capacity` elements before it first grows.
    init(capacity: Int = 2) {
        storage = Array(repeating: nil, count: Swift.max(capacity, 1))
    }

    var isEmpty: Bool { count == 0 }

    /// Appends `element` after the newest one.
    mutating func enqueue(_ element: Element) {
        if count == storage.count {
            grow()
        }
        storage[(head + count) % storage.count] = element
        count += 1
    }

    /// Removes and returns the oldest element, `nil` when the buffer is empty.
    mutating func dequeue() -> Element? {
        guard count > 0 else { return nil }
        let element = storage[head]
        storage[head] = nil
        head = (head + 1) % storage.count
        count -= 1
        return element
    }

    private mutating func grow() {
        var larger: [Element?] = Array(repeating: nil, count: storage.count * 2)
        for offset in 0..<count {
            larger[offset] = storage[(head + offset) % storage.count]
        }
        storage = larger
        head = 0
    }
}
