import Foundation
import RxCore
import Testing

// Every test here is an exit test: they came with Swift 6.2, and the package declares 6.1.
#if compiler(>=6.2)
/// A binding must never fail: in debug builds an error stops the program (each case runs in a
/// child process) with a message that names the error and the binding's call site.
@Suite struct BindingExitTests {
    @Test("bind on next stops on an error naming the call site")
    func bindOnNextStopsOnAnErrorNamingTheCallSite() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Observable<Int>.error(TestError(code: 7)).bind(onNext: { _ in })
        }
        let output = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(output.contains("Binding error: TestError(7)"))
        #expect(output.contains("BindingExitTests.swift"))
    }

    @Test("bind with object stops on an error")
    func bindWithObjectStopsOnAnError() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let label = Label()
            _ = Observable<Int>.error(TestError(code: 8)).bind(with: label) { _, _ in }
            _ = label
        }
        #expect(String(decoding: result.standardErrorContent, as: UTF8.self).contains("Binding error: TestError(8)"))
    }

    @Test("bind to a relay stops on an error")
    func bindToARelayStopsOnAnError() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Observable<Int>.error(TestError(code: 9)).bind(to: PublishRelay<Int>())
        }
        #expect(
            String(decoding: result.standardErrorContent, as: UTF8.self).contains("Binding error to publish relay: TestError(9)")
        )
    }

    @Test("bind to a behavior relay stops on an error")
    func bindToABehaviorRelayStopsOnAnError() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Observable<Int>.error(TestError(code: 10)).bind(to: BehaviorRelay(value: 0))
        }
        #expect(
            String(decoding: result.standardErrorContent, as: UTF8.self).contains("Binding error to behavior relay: TestError(10)")
        )
    }

    @Test("bind to a replay relay stops on an error")
    func bindToAReplayRelayStopsOnAnError() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Observable<Int>.error(TestError(code: 11)).bind(to: ReplayRelay<Int>.create(bufferSize: 1))
        }
        #expect(
            String(decoding: result.standardErrorContent, as: UTF8.self).contains("Binding error to replay relay: TestError(11)")
        )
    }

    @Test("binder stops on an error")
    func binderStopsOnAnError() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let label = Label()
            let binder = Binder(label, scheduler: CurrentThreadScheduler.instance) { label, value in label.count = value }
            _ = Observable<Int>.error(TestError(code: 12)).bind(to: binder)
        }
        #expect(String(decoding: result.standardErrorContent, as: UTF8.self).contains("Binding error: TestError(12)"))
    }
}
#endif
