import OpenCombine

// Usage: OpenCombineInstructions WORKLOAD COUNT: the workloads of `RxInstructions` written for
// OpenCombine, the way a user of it would.

/// Keeps a value alive for the optimizer; written by one thread only.
nonisolated(unsafe) var sink = 0

@inline(never)
func consume(_ value: Int) {
    sink &+= value
}

func increment(_ value: Int) -> Int { value &+ 1 }

func isNonNegative(_ value: Int) -> Bool { value >= 0 }

let arguments = CommandLine.arguments
guard arguments.count == 3, let count = Int(arguments[2]) else {
    fatalError("usage: OpenCombineInstructions WORKLOAD COUNT")
}

switch arguments[1] {
case "subscribe.dispose":
    for _ in 0..<count {
        Just(1).map { $0 &+ 1 }.sink(receiveValue: { consume($0) }).cancel()
    }
case "subject.subscribe.dispose":
    let subject = PassthroughSubject<Int, Never>()
    for _ in 0..<count {
        subject.sink(receiveValue: { consume($0) }).cancel()
    }
case "flatMap.just":
    let subject = PassthroughSubject<Int, Never>()
    let subscription = subject.flatMap { Just($0) }.sink(receiveValue: { consume($0) })
    for value in 0..<count { subject.send(value) }
    subscription.cancel()
case "chain.x12":
    let subject = PassthroughSubject<Int, Never>()
    // Written out in steps (as one expression it is too much for the type checker); alternating
    // `map` and `filter` so that OpenCombine fuses none of them.
    let first = subject.map(increment).filter(isNonNegative).map(increment).filter(isNonNegative)
    let second = first.map(increment).filter(isNonNegative).map(increment).filter(isNonNegative)
    let chain = second.map(increment).filter(isNonNegative).map(increment).filter(isNonNegative)
    let subscription = chain.sink(receiveValue: { consume($0) })
    for value in 0..<count { subject.send(value) }
    subscription.cancel()
case "subject.pump":
    let subject = PassthroughSubject<Int, Never>()
    let subscription = subject.sink(receiveValue: { consume($0) })
    for value in 0..<count { subject.send(value) }
    subscription.cancel()
case "disposeBag":
    do {
        var bag = Set<AnyCancellable>()
        for _ in 0..<count { AnyCancellable {}.store(in: &bag) }
        bag.removeAll()
    }
default:
    fatalError("unknown workload \(arguments[1])")
}
consume(0)
