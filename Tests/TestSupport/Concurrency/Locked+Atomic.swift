extension Locked {
    /// The value now (a copy taken under the lock).
    public func load() -> Value {
        withLock { $0 }
    }

    /// Replaces the value.
    public func store(_ newValue: Value) {
        withLock { $0 = newValue }
    }

    /// Replaces the value and returns the one it replaced, in one locked step (a test's
    /// "was someone already inside?" flag).
    public func exchange(_ newValue: Value) -> Value {
        withLock { value in
            defer { value = newValue }
            return value
        }
    }
}

extension Locked where Value: FixedWidthInteger {
    /// Adds `amount` and returns the new value, in one locked step (a counter several threads
    /// bump; `Synchronization.Atomic`'s `add` needs macOS 15 / iOS 18).
    @discardableResult
    public func add(_ amount: Value) -> Value {
        withLock { value in
            value &+= amount
            return value
        }
    }

    /// Subtracts `amount` and returns the new value, in one locked step.
    @discardableResult
    public func subtract(_ amount: Value) -> Value {
        withLock { value in
            value &-= amount
            return value
        }
    }
}
