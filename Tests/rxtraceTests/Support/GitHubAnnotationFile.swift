/// The `file=` of a GitHub error annotation line (`::error file=PATH,line=…`), or `nil` for any
/// other line. Plain string code rather than a regex literal, which needs macOS 13 / iOS 16.
func gitHubAnnotationFile<Line: StringProtocol>(_ line: Line) -> String? {
    let prefix = "::error file="
    guard line.hasPrefix(prefix) else { return nil }
    let rest = line.dropFirst(prefix.count)
    guard let comma = rest.firstIndex(of: ","), comma > rest.startIndex else { return nil }
    return String(rest[..<comma])
}
