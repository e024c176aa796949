/// A key that identifies an item inserted into a ``CompositeDisposable``, for removing it.
public struct BagKey: Hashable, Sendable {
    @usableFromInline
    let rawValue: UInt64
}

/// An insertion-ordered collection with stable keys and cheap removal by key.
///
/// Keys grow monotonically, so the key array stays sorted and removal finds its index by
/// binary search. Not thread-safe: owners guard it with their lock.
struct Bag<Element> {
    private var nextKey: UInt64 = 0
    private var keys: [UInt64] = []
    private(set) var elements: [Element] = []

    var count: Int { elements.count }
    var isEmpty: Bool { elements.isEmpty }

    mutating func insert(_ element: Element) -> BagKey {
        let key = nextKey
        nextKey &+= 1
        keys.append(key)
        elements.append(element)
        return BagKey(rawValue: key)
    }

    mutating func removeKey(_ key: BagKey) -> Element? {
        var low = 0
        var high = keys.count
        while low < high {
            let middle = (low + high) / 2
            if keys[middle] < key.rawValue { low = middle + 1 } else { high = middle }
        }
        guard low < keys.count, keys[low] == key.rawValue else { return nil }
        keys.remove(at: low)
        return elements.remove(at: low)
    }

    mutating func removeAll() -> [Element] {
        let all = elements
        keys.removeAll()
        elements.removeAll()
        return all
    }
}
