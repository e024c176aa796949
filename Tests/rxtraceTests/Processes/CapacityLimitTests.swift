import Foundation
import RxCore
import TestSupport
import Testing

/// Ring buffer capacities larger than the machine can hold: a traced host must run to the end,
/// untraced and told why, instead of trapping on one huge allocation.
@Suite("capacities beyond the machine")
struct CapacityLimitTests {
    private static func host() throws -> BuiltProgram { try BuiltProgram.named("TracedHost") }
    private static func rxtrace() throws -> BuiltProgram { try BuiltProgram.named("rxtrace") }

    @Test("RXTRACE_CAPACITY=4096m: the host runs to completion untraced and says why on standard error")
    func hugeCapacityIsRefused() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = folder.file("huge.rxtrace")
        let result = try await Self.host().run(["--iterations", "2"], environment: ["RXTRACE": path, "RXTRACE_CAPACITY": "4096m"])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.contains("done: 2 iterations"))
        #expect(result.error.contains("rxtrace: tracing not started: RXTRACE_CAPACITY=\"4096m\" asks for more than"))
        #expect(try folder.contents().isEmpty)
    }

    @Test("RXTRACE_CAPACITY=1024m: the host runs to completion, traced when the machine can hold it")
    func largeCapacityNeverStopsTheHost() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = folder.file("large.rxtrace")
        let result = try await Self.host().run(["--iterations", "2"], environment: ["RXTRACE": path, "RXTRACE_CAPACITY": "1024m"])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.contains("done: 2 iterations"))
        if TraceConfiguration.maximumCapacity >= 1 << 30 {
            #expect(try folder.contents() == ["large.rxtrace"])
        } else {
            #expect(result.error.contains("RXTRACE_CAPACITY=\"1024m\" asks for more than"))
        }
    }

    @Test("record --capacity beyond the machine is refused before the program runs")
    func recordRefusesHugeCapacity() async throws {
        let result = try await Self.rxtrace().run(["record", "--capacity", "4096m", "--", "/bin/sh", "-c", "echo ran"])
        #expect(result.status == 64)
        #expect(result.output.isEmpty)
        #expect(result.error.contains("--capacity \"4096m\" asks for more than"))
    }
}
