// RxSwift's module name for rxtrace's core: observables, operators, subjects, traits,
// schedulers, disposables, Hooks, RxError and Resources. A deliberate re-export (see the
// package manifest and docs/adopting.md).
@_exported import RxCore
