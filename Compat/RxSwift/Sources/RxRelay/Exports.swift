// RxRelay's module name: the relays (PublishRelay, BehaviorRelay, ReplayRelay) live in
// rxtrace's core, which this module re-exports through RxSwift.
@_exported import RxSwift
