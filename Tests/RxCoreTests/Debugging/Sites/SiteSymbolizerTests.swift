import Testing

@testable import RxCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

#if TraceResources
@Suite(.enabled(if: Resources.isEnabled, "needs the TraceResources trait"))
struct SiteSymbolizerTests {
    /// A frame with a mangled name; `line` only when the test gives one.
    private func frame(
        _ address: UInt, _ rawName: String, _ name: String, offset: Int = 16, path: String? = nil, line: Int = 0
    ) -> SymbolFrame {
        SymbolFrame(address: address, rawName: rawName, name: name, imageName: "App", offset: offset, path: path, line: line)
    }

    @Test("reads the module of mangled names")
    func readsTheModuleOfMangledNames() {
        #expect(SiteSymbolizer.module(ofMangled: "$s6RxCore4SinkC4initXXX") == "RxCore")
        #expect(SiteSymbolizer.module(ofMangled: "_$s11RxCoreTests3fooyyF") == "RxCoreTests")
        #expect(SiteSymbolizer.module(ofMangled: "$sSa6appendyyxF") == "Swift")
        #expect(SiteSymbolizer.module(ofMangled: "$ss5printyyF") == "Swift")
        #expect(SiteSymbolizer.module(ofMangled: "$sSo8NSObjectC") == "__C")
        #expect(SiteSymbolizer.module(ofMangled: "__libc_start_main") == nil)
        #expect(SiteSymbolizer.module(ofMangled: "$s99Short") == nil)
    }

    @Test("the user frame is the first outside the package and its line comes from the inline chain")
    func theUserFrameIsTheFirstOutsideThePackageAndItsLineComesFromTheInlineChain() {
        let frames = [
            frame(1, "$s6RxCore12SiteRecorderO6recordXX", "static SiteRecorder.record(_:flags:)"),
            frame(2, "$s6RxCore4SinkC4initXX", "Sink.init(observer:cancel:)"),
            frame(3, "$s3App5ModelC4openyyF", "Model.open()"),
            frame(4, "$s3App4mainyyF", "main()"),
            frame(5, "$s7Testing4TestV3runXX", "Test.run()"),
        ]
        var asked: [UInt] = []
        let description = SiteSymbolizer.describe(frames: frames) { frame in
            asked.append(frame.address)
            // Optimized code: `subscribe` inlined into `Model.open()` at line 42.
            return [
                SymbolFrame(
                    address: 3, rawName: nil, name: "ObservableType.subscribe", path: "/p/Sources/RxCore/Subscribe.swift", line: 58,
                    isInlined: true),
                SymbolFrame(
                    address: 3, rawName: "$s3App5ModelC4openyyF", name: "Model.open()", imageName: "App", offset: 16,
                    path: "/p/Sources/App/Model.swift", line: 42),
            ]
        }
        #expect(asked == [3])
        #expect(description.userFrame == "App/Model.swift:42")
        #expect(
            description.frames == [
                "Sink.init(observer:cancel:) + 16 in App",
                "Model.open() at Model.swift:42",
                "main() + 16 in App",
                "Test.run() + 16 in App",
            ])
    }

    @Test("the fingerprint ignores addresses and the library path but not the callers")
    func theFingerprintIgnoresAddressesAndTheLibraryPathButNotTheCallers() {
        func stack(base: UInt, libraryPath: String, caller: String) -> [SymbolFrame] {
            [
                frame(base + 1, libraryPath, "library"),
                frame(base + 2, "$s3App5ModelC4openyyF", "Model.open()", offset: 40),
                frame(base + 3, caller, "caller"),
                frame(base + 4, "$s7Testing4TestV3runXX", "Test.run()"),
            ]
        }
        func lines(_ frame: SymbolFrame) -> [SymbolFrame] {
            var withLine = frame
            withLine.path = "/p/Sources/App/Model.swift"
            withLine.line = 42
            return [withLine]
        }
        let one = SiteSymbolizer.describe(frames: stack(base: 0x1000, libraryPath: "$s6RxCore1AXX", caller: "$s3App1xyyF"), lines: lines)
        let moved = SiteSymbolizer.describe(frames: stack(base: 0x9000, libraryPath: "$s6RxCore1AXX", caller: "$s3App1xyyF"), lines: lines)
        let otherPath = SiteSymbolizer.describe(
            frames: stack(base: 0x1000, libraryPath: "$s6RxCore1BXX", caller: "$s3App1xyyF"), lines: lines)
        let otherCaller = SiteSymbolizer.describe(
            frames: stack(base: 0x1000, libraryPath: "$s6RxCore1AXX", caller: "$s3App1yyyF"), lines: lines)
        #expect(one.fingerprint == moved.fingerprint)
        #expect(one.fingerprint == otherPath.fingerprint)
        #expect(one.fingerprint != otherCaller.fingerprint)
        #expect(one.userFrame == "App/Model.swift:42")
    }

    @Test("without a user frame every frame is hashed")
    func withoutAUserFrameEveryFrameIsHashed() {
        let library = [frame(1, "$s6RxCore1AXX", "A"), frame(2, "$s8Dispatch1BXX", "B")]
        var asked = 0
        let description = SiteSymbolizer.describe(frames: library) { _ in
            asked += 1
            return []
        }
        #expect(asked == 0)
        #expect(description.userFrame == nil)
        #expect(description.frames == ["A + 16 in App", "B + 16 in App"])
        let other = SiteSymbolizer.describe(frames: [frame(1, "$s6RxCore1AXX", "A", offset: 17), frame(2, "$s8Dispatch1BXX", "B")]) { _ in
            []
        }
        #expect(description.fingerprint != other.fingerprint)
    }

    @Test("unsymbolized frames show their address")
    func unsymbolizedFramesShowTheirAddress() {
        let description = SiteSymbolizer.describe(frames: [SymbolFrame(address: 0xABC)]) { _ in [] }
        #expect(description.frames == ["0xabc"])
        #expect(description.userFrame == nil)
    }

    @Test("libunwind is used when it can be loaded")
    func libunwindIsUsedWhenItCanBeLoaded() {
        #if os(Linux)
        guard let handle = dlopen("libunwind.so.8", RTLD_NOW | RTLD_LOCAL) else { return }
        dlclose(handle)
        #expect(AllocationSites.capture == .libunwind)
        #endif
    }
}
#endif
