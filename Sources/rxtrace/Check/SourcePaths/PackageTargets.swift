import Foundation

/// Where each Swift module of a package keeps its sources: what turns a `#fileID`
/// (`Module/File.swift`) back into a path in the repository.
struct PackageTargets {
    /// One target: its module name as `#fileID` spells it, its folder, and its files when
    /// SwiftPM listed them.
    struct Target: Equatable {
        /// The module name (`c99name`): a target `my-lib` compiles as module `my_lib`.
        let module: String
        /// The target's folder, relative to the package folder.
        let path: String
        /// The target's source files relative to ``path``, or `nil` when only the folder is known
        /// (the folder is searched then).
        let sources: [String]?
    }

    /// How the table was made, for the message that explains an unresolved path.
    enum Origin: Equatable {
        /// `swift package describe --type json`: SwiftPM's own answer.
        case describe
        /// Package.swift read as text (`name:` and `path:` of each target) and SwiftPM's
        /// conventional folders.
        case scan
    }

    /// The package folder (absolute).
    let packageFolder: URL
    /// The Swift targets, in the order found.
    let targets: [Target]
    /// Where the table comes from.
    let origin: Origin

    /// The targets found by reading Package.swift's text and the conventional folders: no
    /// process, a few milliseconds.
    static func scan(packageFolder: URL) -> PackageTargets {
        PackageTargets(packageFolder: packageFolder, targets: ManifestScan.targets(packageFolder: packageFolder), origin: .scan)
    }

    /// SwiftPM's own table (`swift package describe`): right for any manifest, but seconds of
    /// work; `nil` when `swift` cannot run or takes longer than `timeout` seconds.
    static func describe(packageFolder: URL, timeout: Double = 30) -> PackageTargets? {
        PackageDescribe.run(packageFolder: packageFolder, timeout: timeout).map {
            PackageTargets(packageFolder: packageFolder, targets: $0, origin: .describe)
        }
    }

    /// The target compiled as `module`, if the package has one.
    func target(module: String) -> Target? {
        targets.first { $0.module == module }
    }

    /// SwiftPM's module name for a target name: characters that cannot be in an identifier
    /// become `_`, and a leading digit gets a `_` before it.
    static func moduleName(ofTarget name: String) -> String {
        var module = String(
            name.unicodeScalars.map { scalar -> Character in
                let isLetter = (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z") || scalar == "_"
                let isDigit = scalar >= "0" && scalar <= "9"
                return isLetter || isDigit || scalar.value > 0x7F ? Character(scalar) : "_"
            })
        if let first = module.unicodeScalars.first, first >= "0" && first <= "9" { module = "_" + module }
        return module
    }
}
