import RxTraceFormat

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// TraceGenerator PATH RECORDS: writes a synthetic trace of RECORDS records (a count such as
// 10000000, 10m or 500k) to PATH, for Benchmarks/report-throughput. See SyntheticTrace.

/// Reads a positive count with an optional `k` or `m` suffix.
func parseCount(_ text: String) -> Int? {
    let lowered = text.lowercased()
    var digits = Substring(lowered)
    var scale = 1
    if let last = digits.last, last == "k" || last == "m" {
        scale = last == "k" ? 1_000 : 1_000_000
        digits = digits.dropLast()
    }
    guard let number = Int(digits), number > 0, number <= Int.max / scale else { return nil }
    return number * scale
}

func fail(_ message: String) -> Never {
    let line = Array("TraceGenerator: \(message)\n".utf8)
    _ = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
    exit(2)
}

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    fail("usage: TraceGenerator PATH RECORDS (a count such as 10000000, 10m or 500k)")
}
guard let count = parseCount(arguments[2]) else {
    fail("\"\(arguments[2])\" is not a positive count such as 10000000, 10m or 500k")
}
do {
    try SyntheticTrace(recordCount: count).write(to: arguments[1])
} catch {
    fail("\(error)")
}
