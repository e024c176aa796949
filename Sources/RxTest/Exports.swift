// A test that imports RxTest for its leak assertions can also call `LeakCheck.run` and name
// `LeakSettle`, `LeakReport` and `LeakBaseline` without importing their modules itself.
@_exported import RxLeakCheck
@_exported import RxTraceAnalysis
