// RxCocoa's module name for its platform-neutral part: Driver, Signal, SharedSequence, Binder
// and `.rx` from rxtrace's core, URLSession.rx and NotificationCenter.rx from RxFoundation.
// RxCocoa re-exports RxRelay, and so does this module.
@_exported import RxFoundation
@_exported import RxRelay
