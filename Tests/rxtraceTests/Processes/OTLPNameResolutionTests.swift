#if os(Linux)
import Foundation
import TestSupport
import Testing

/// `rxtrace export --endpoint` whose collector name never resolves: the export still ends at its
/// deadlines. The stalled resolver is real to the program: a library preloaded into it
/// (`LD_PRELOAD`, built here with the C compiler every Swift toolchain has) replaces
/// `getaddrinfo` with one that never returns, as a resolver whose name servers do not answer
/// holds its caller.
@Suite("rxtrace export with a resolver that never answers", .timeLimit(.minutes(3)))
struct OTLPNameResolutionTests {
    private static let stallingResolver = """
        #include <netdb.h>
        #include <unistd.h>

        int getaddrinfo(const char *node, const char *service, const struct addrinfo *hints, struct addrinfo **result) {
            (void)node; (void)service; (void)hints; (void)result;
            for (;;) {
                pause();
            }
        }
        """

    /// Builds the preloadable library in `folder`; its path.
    private static func buildStallingResolver(in folder: TemporaryDirectory) async throws -> String {
        let source = folder.file("stall.c")
        let library = folder.file("libstall.so")
        try stallingResolver.write(toFile: source, atomically: true, encoding: .utf8)
        let compile = try await BuiltProgram(path: "/usr/bin/env").run(
            ["clang", "-shared", "-fPIC", "-o", library, source], killAfter: 120)
        try #require(compile.status == 0, "clang failed: \(compile.error)")
        return library
    }

    @Test("a stalled name lookup ends the export at --timeout, saying it was resolving the name")
    func stalledLookupEndsAtTheDeadline() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let trace = folder.file("overlap.rxtrace")
        try SampleTraces.writeOverlapping(to: trace)
        let library = try await Self.buildStallingResolver(in: folder)
        let run = try await BuiltProgram.named("rxtrace").run(
            [
                "export", trace, "-f", "otlp", "--endpoint", "http://collector.stalls.invalid:4318", "--attempts", "5",
                "--request-timeout", "1", "--timeout", "3",
            ],
            environment: ["LD_PRELOAD": library],
            killAfter: 90
        )
        #expect(run.status == 1, "\(run.error)")
        #expect(run.error.contains("timed out"), "\(run.error)")
        #expect(run.error.contains("resolving the name collector.stalls.invalid"), "\(run.error)")
        #expect(run.elapsed >= 0.9 && run.elapsed < 30, "took \(run.elapsed) s")
    }

    @Test("a numeric collector address never reaches the resolver")
    func numericHostNeedsNoLookup() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let trace = folder.file("overlap.rxtrace")
        try SampleTraces.writeOverlapping(to: trace)
        let library = try await Self.buildStallingResolver(in: folder)
        // Port 1 on the loopback address: nothing listens, so the connection is refused at once,
        // which only an address made without getaddrinfo can reach.
        let run = try await BuiltProgram.named("rxtrace").run(
            ["export", trace, "-f", "otlp", "--endpoint", "http://127.0.0.1:1", "--attempts", "1", "--request-timeout", "20"],
            environment: ["LD_PRELOAD": library],
            killAfter: 90
        )
        #expect(run.status == 1, "\(run.error)")
        #expect(run.error.contains("no connection"), "\(run.error)")
        #expect(!run.error.contains("resolving the name"), "\(run.error)")
        #expect(run.elapsed < 15, "took \(run.elapsed) s")
    }
}
#endif
