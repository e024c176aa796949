import RxTraceFormat
import Testing

@testable import RxCore

@Suite("trace configuration from the environment")
struct TraceConfigurationTests {
    private static func configuration(_ environment: [String: String]) throws -> TraceConfiguration? {
        try TraceConfiguration(environment: environment, processName: "My App", processID: 42)
    }

    @Test("no RXTRACE, an empty one or 0 leaves tracing off")
    func off() throws {
        #expect(try Self.configuration([:]) == nil)
        #expect(try Self.configuration(["RXTRACE": ""]) == nil)
        #expect(try Self.configuration(["RXTRACE": "0"]) == nil)
        #expect(try Self.configuration(["RXTRACE_CAPACITY": "64k"]) == nil)
    }

    @Test("RXTRACE=1 names the file after the process and its id")
    func defaultName() throws {
        let configuration = try #require(try Self.configuration(["RXTRACE": "1"]))
        #expect(configuration.path == "My_App-42.rxtrace")
        #expect(configuration.capacity == TraceConfiguration.defaultCapacity)
        #expect(configuration.echo == false)
        #expect(configuration.dumpsAtExit && configuration.dumpsOnSignal)
    }

    @Test("a path and every option")
    func options() throws {
        let configuration = try #require(
            try Self.configuration([
                "RXTRACE": "/tmp/run.rxtrace",
                "RXTRACE_CAPACITY": "64k",
                "RXTRACE_ECHO": "yes",
                "RXTRACE_VALUE_LENGTH": "100",
                "RXTRACE_SIGNAL": "0",
                "RXTRACE_EXIT": "off",
                "RXTRACE_QUIET": "1",
            ]))
        #expect(
            configuration
                == TraceConfiguration(
                    path: "/tmp/run.rxtrace", capacity: 65536, echo: true, valueLimit: 100, dumpsAtExit: false, dumpsOnSignal: false,
                    announcesDumps: false
                ))
        #expect(try Self.configuration(["RXTRACE": "x", "RXTRACE_CAPACITY": "2M"])?.capacity == 2 << 20)
        #expect(try Self.configuration(["RXTRACE": "x", "RXTRACE_CAPACITY": "5000"])?.capacity == 5000)
    }

    @Test("a bad value is an error naming the variable and what it takes")
    func badValues() {
        #expect(
            throws: TraceConfigurationError(
                variable: "RXTRACE_CAPACITY", value: "lots", expected: "a positive count such as 65536, 64k or 1m")
        ) {
            try Self.configuration(["RXTRACE": "x", "RXTRACE_CAPACITY": "lots"])
        }
        #expect(throws: TraceConfigurationError.self) { try Self.configuration(["RXTRACE": "x", "RXTRACE_CAPACITY": "0"]) }
        #expect(throws: TraceConfigurationError.self) { try Self.configuration(["RXTRACE": "x", "RXTRACE_CAPACITY": "-5"]) }
        #expect(throws: TraceConfigurationError.self) { try Self.configuration(["RXTRACE": "x", "RXTRACE_ECHO": "maybe"]) }
        let error = TraceConfigurationError(variable: "RXTRACE_ECHO", value: "maybe", expected: "1 or 0")
        #expect(error.description == "RXTRACE_ECHO=\"maybe\" is not 1 or 0")
    }

    @Test("a capacity beyond what the machine may give tracing is refused with the bound")
    func capacityBeyondTheMachine() throws {
        #expect(TraceConfiguration.maximumCapacity <= 1 << 30)
        #expect(TraceConfiguration.maximumCapacity >= 1)
        #expect {
            try Self.configuration(["RXTRACE": "x", "RXTRACE_CAPACITY": "4096m"])
        } throws: { error in
            "\(error)".hasPrefix(
                "RXTRACE_CAPACITY=\"4096m\" asks for more than the \(TraceCapacity.text(TraceConfiguration.maximumCapacity)) records")
        }
        // Given in code, a capacity beyond the bound is reduced to it, memory taken as used.
        let pool = TraceChunkPool(capacity: 1 << 40)
        #expect(
            pool.capacity >= TraceConfiguration.maximumCapacity
                && pool.capacity < TraceConfiguration.maximumCapacity + TraceChunkPool.recordsPerChunk)
    }

    @Test("RXTRACE_REPLACE allows replacing a file that is not a trace; off by default")
    func replace() throws {
        #expect(try Self.configuration(["RXTRACE": "x"])?.replacesAnyFile == false)
        #expect(try Self.configuration(["RXTRACE": "x", "RXTRACE_REPLACE": "1"])?.replacesAnyFile == true)
        #expect(throws: TraceConfigurationError.self) { try Self.configuration(["RXTRACE": "x", "RXTRACE_REPLACE": "always"]) }
    }

    @Test("capacity(parsing:) reads RXTRACE_CAPACITY's values, for tools that check them first")
    func capacityParsing() {
        #expect(TraceConfiguration.capacity(parsing: "64k") == 65536)
        #expect(TraceConfiguration.capacity(parsing: "2m") == 2 << 20)
        #expect(
            TraceConfiguration.capacity(parsing: TraceCapacity.text(TraceConfiguration.maximumCapacity))
                == TraceConfiguration.maximumCapacity)
        // More than the machine can hold, or than any machine may give tracing.
        for bad in ["", "lots", "0", "-5", "5g", "4096m", "2048m", "4097m", "1.5k"] {
            #expect(TraceConfiguration.capacity(parsing: bad) == nil, "\(bad)")
        }
    }
}
