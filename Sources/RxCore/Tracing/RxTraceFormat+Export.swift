/// The trace file's types (records, header, marks) are part of the tracing API: a program that
/// imports RxCore reads a ``TraceSnapshot`` without importing the format module itself.
@_exported import RxTraceFormat
