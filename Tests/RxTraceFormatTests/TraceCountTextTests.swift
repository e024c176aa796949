import Testing

@testable import RxTraceFormat

/// The counts `RXTRACE_CAPACITY` and `RXTRACE_VALUE_LENGTH` take, read once for the runtime and
/// the `rxtrace record` command.
@Suite struct TraceCountTextTests {
    @Test("Counts with and without a k or m suffix, spaces and tabs around them ignored")
    func counts() {
        #expect(TraceCountText.count("65536") == 65536)
        #expect(TraceCountText.count("64k") == 65536)
        #expect(TraceCountText.count(" 2M\t") == 2 << 20)
        #expect(TraceCountText.count("4096m") == 1 << 32)
        #expect(TraceCountText.count("1") == 1)
    }

    @Test("Anything else is not a count", arguments: ["", "lots", "0", "-5", "5g", "4097m", "1.5k", "k", "64k\n", "4294967297"])
    func notCounts(text: String) {
        #expect(TraceCountText.count(text) == nil)
    }
}
