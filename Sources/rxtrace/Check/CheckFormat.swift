import ArgumentParser

/// The output formats of `rxtrace check`: text for people, the rest for CI servers.
enum CheckFormat: String, ExpressibleByArgument, CaseIterable {
    /// One line on standard output, the explanation on standard error (the default).
    case text
    /// The verdict, findings and the whole leak report as one JSON object.
    case json
    /// GitHub Actions workflow commands: `::error file=…,line=…::` per leaking site or type.
    case github
    /// JUnit XML: one test case per leaking site or type, one passing case when clean.
    case junit
    /// SARIF 2.1.0 for code-scanning views, with the allocation sites as locations.
    case sarif
}
