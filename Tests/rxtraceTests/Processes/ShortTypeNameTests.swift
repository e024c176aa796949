import Foundation
import TestSupport
import Testing

/// Where people read type names (`diff`, JUnit, the HTML report), a sink chain is named as its
/// operators (`map ← filter ← … ← AnonymousObserver`); `--full-type-names` gives the generic
/// name where it is wanted.
@Suite("rxtrace: short type names, full ones on request")
struct ShortTypeNameTests {
    private static func rxtrace() throws -> BuiltProgram { try BuiltProgram.named("rxtrace") }

    /// A chain of five sinks, 118 characters written out.
    static let fullName =
        "MapSink<Int, FilterSink<Int, DistinctUntilChangedSink<Int, DebugSink<Int, AnonymousObserver<SearchResultsViewModel.Row>>>>>"
    static let shortName = "map ← filter ← distinctUntilChanged ← debug ← AnonymousObserver"
    /// A name with nothing to shorten, longer than diff's name column.
    static let longPlainName = "ObservableSequenceOfSearchResultsForTheVeryLongNamedViewModelOfTheScreen_RowsSection"

    @Test("diff: operator chains, every line within 100 columns; --full-type-names the generic names")
    func diff() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let before = folder.file("before.rxtrace")
        let after = folder.file("after.rxtrace")
        let plainAfter = folder.file("plain.rxtrace")
        try LeakTraces.writeClean(to: before, type: Self.fullName)
        try LeakTraces.writeLeaking(to: after, sites: false, type: Self.fullName)
        try LeakTraces.writeLeaking(to: plainAfter, sites: false, type: Self.longPlainName)

        let short = try await Self.rxtrace().run(["diff", before, after], directory: folder.path)
        #expect(short.status == 0, "\(short.error)")
        #expect(short.output.contains(Self.shortName + "        10        18        +8"), "\(short.output)")
        #expect(!short.output.contains("MapSink<"))
        let rows = short.output.split(separator: "\n").dropFirst(2)  // the two file lines name the user's paths
        for row in rows { #expect(row.count <= 100, "\(row.count) columns: \(row)") }

        let plain = try await Self.rxtrace().run(["diff", before, plainAfter], directory: folder.path)
        for row in plain.output.split(separator: "\n").dropFirst(2) { #expect(row.count <= 100, "\(row.count) columns: \(row)") }
        #expect(plain.output.contains(String(Self.longPlainName.prefix(69)) + "…"), "\(plain.output)")

        // "not counted" (a program built without the trait) widens the number columns.
        let uncounted = folder.file("uncounted.rxtrace")
        try LeakTraces.writeUncounted(to: uncounted)
        let wide = try await Self.rxtrace().run(["diff", uncounted, plainAfter], directory: folder.path)
        #expect(wide.output.contains("not counted"), "\(wide.output)")
        for row in wide.output.split(separator: "\n").dropFirst(2) { #expect(row.count <= 100, "\(row.count) columns: \(row)") }

        let full = try await Self.rxtrace().run(["diff", before, after, "--full-type-names"], directory: folder.path)
        #expect(full.status == 0)
        #expect(full.output.contains(Self.fullName + "        10        18        +8"), "\(full.output)")
    }

    @Test("check --format junit: the test case and failure name the chain; --full-type-names the generic name")
    func junit() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let trace = folder.file("leaking.rxtrace")
        try LeakTraces.writeLeaking(to: trace, sites: false, type: Self.fullName)
        let short = try await Self.rxtrace().run(["check", trace, "--format", "junit"], directory: folder.path)
        #expect(short.status == 1)
        #expect(short.output.contains("name=\"leaking \(Self.escaped(Self.shortName))\""), "\(short.output)")
        #expect(!short.output.contains("MapSink&lt;"))
        #expect(!short.error.contains("MapSink<"), "\(short.error)")

        let full = try await Self.rxtrace().run(["check", trace, "--format", "junit", "--full-type-names"], directory: folder.path)
        #expect(full.output.contains("name=\"leaking \(Self.escaped(Self.fullName))\""), "\(full.output)")
    }

    @Test("report --format html: the verdict names the chain; --full-type-names the generic name")
    func html() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let trace = folder.file("leaking.rxtrace")
        try LeakTraces.writeLeaking(to: trace, sites: false, type: Self.fullName)
        let short = try await Self.rxtrace().run(["report", trace, "--format", "html"], directory: folder.path)
        #expect(short.status == 0, "\(short.error)")
        #expect(short.output.contains(Self.escaped(Self.shortName)))
        #expect(!short.output.contains("MapSink&lt;"))

        let full = try await Self.rxtrace().run(["report", trace, "--format", "html", "--full-type-names"], directory: folder.path)
        #expect(full.output.contains(Self.escaped(Self.fullName)), "\(full.output)")
    }

    private static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(
            of: ">", with: "&gt;")
    }
}
