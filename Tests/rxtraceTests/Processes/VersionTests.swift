import Foundation
import TestSupport
import Testing

/// `rxtrace --version` agrees with the changelog, so that the version a user reports is the one
/// the release notes describe.
@Suite struct VersionTests {
    /// The version the changelog's first section names: `X.Y.Z-dev` under "Unreleased (X.Y.Z)",
    /// `X.Y.Z` under a released "X.Y.Z (date)".
    private static func changelogVersion() throws -> String {
        let text = try RepositoryFiles.text("CHANGELOG.md")
        let heading = try #require(text.split(separator: "\n").first { $0.hasPrefix("## ") })
        let words = heading.dropFirst(3).split(separator: " ")
        if words.first == "Unreleased" {
            let version = try #require(words.dropFirst().first).trimmingCharacters(in: CharacterSet(charactersIn: "()"))
            return version + "-dev"
        }
        return String(try #require(words.first))
    }

    @Test("version matches the changelog")
    func versionMatchesTheChangelog() async throws {
        let rxtrace = try BuiltProgram.named("rxtrace")
        let result = try await rxtrace.run(["--version"])
        #expect(result.status == 0)
        #expect(result.output.trimmingCharacters(in: .whitespacesAndNewlines) == (try Self.changelogVersion()))
    }

    @Test("the license is there")
    func theLicenseIsThere() throws {
        let license = try RepositoryFiles.text("LICENSE")
        #expect(license.hasPrefix("MIT License"))
    }
}
