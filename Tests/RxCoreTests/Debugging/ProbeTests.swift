import Testing

/// `debug()` probes share global state (the text writer and the running trace), so every suite
/// that uses them is nested here and runs one test at a time, apart from the rest.
@Suite("probes", .serialized)
enum ProbeTests {}
