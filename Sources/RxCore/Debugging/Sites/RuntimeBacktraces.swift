#if TraceResources
#if canImport(Runtime)
import Foundation
import Runtime
#endif

/// The Swift `Runtime` module's backtraces: the fallback stack walker, and the symbolizer.
///
/// Symbolization works on plain addresses: a `Runtime.Backtrace` is rebuilt from the
/// addresses a walk returned, through the module's public `Codable` form, whose `backtrace`
/// field is the documented Compact Backtrace Format (version 0, base64). That lets each
/// address be symbolized once and only as far as needed: names for every frame (a symbol
/// table lookup, microseconds), source lines only for the user's frame (a DWARF line program
/// run, which costs milliseconds per address in a large debug binary).
///
/// Values cross this file's boundary as plain types, so the rest of the code needs neither
/// the module nor its availability.
enum RuntimeBacktraces {
    /// Whether this platform has the module.
    static var isAvailable: Bool {
        #if canImport(Runtime)
        if #available(macOS 26.0, *) { return true }
        #endif
        return false
    }

    /// Captures the image map once, so later walks and symbolization skip that step.
    static func warmUp() {
        #if canImport(Runtime)
        if #available(macOS 26.0, *) {
            _ = ImageCache.shared.images
        }
        #endif
    }

    /// The return addresses of the calling stack, innermost first, walked by the module's
    /// frame-pointer unwinder; `nil` when it fails or the module is missing.
    @inline(never)
    static func captureAddresses(limit: Int) -> [UInt]? {
        #if canImport(Runtime)
        if #available(macOS 26.0, *) {
            guard
                let backtrace = try? Backtrace.capture(
                    algorithm: .fast, limit: limit, offset: 0, top: 0, images: ImageCache.shared.images)
            else { return nil }
            var addresses: [UInt] = []
            addresses.reserveCapacity(limit)
            for frame in backtrace.frames {
                if let address = address(of: frame) {
                    addresses.append(address)
                }
            }
            return addresses
        }
        #endif
        return nil
    }

    /// The symbol of each address (names, no source lines), in order; an entry without a name
    /// when none is known.
    static func symbols(of addresses: [UInt]) -> [SymbolFrame] {
        #if canImport(Runtime)
        if #available(macOS 26.0, *) {
            if let symbolized = symbolicate(addresses, options: [.useSymbolCache]) {
                var frames: [SymbolFrame] = []
                for frame in symbolized {
                    guard let address = address(of: frame.captured) else { continue }
                    frames.append(SymbolFrame(frame, address: address))
                }
                if frames.count == addresses.count {
                    return frames
                }
            }
        }
        #endif
        return addresses.map { SymbolFrame(address: $0) }
    }

    /// The frames at one address with source lines, the inlined ones first (innermost first)
    /// and the function that contains them last; empty when unknown.
    static func framesWithLines(at address: UInt) -> [SymbolFrame] {
        #if canImport(Runtime)
        if #available(macOS 26.0, *) {
            guard
                let symbolized = symbolicate(
                    [address], options: [.showInlineFrames, .showSourceLocations, .useSymbolCache])
            else { return [] }
            return symbolized.map { SymbolFrame($0, address: address) }
        }
        #endif
        return []
    }

    #if canImport(Runtime)
    /// The image map used for walks and symbolization, refreshed when an address falls
    /// outside every image it knows (a library loaded later).
    /// @unchecked: `map` is touched only under `lock` (`ImageMap` is not `Sendable`).
    @available(macOS 26.0, *)
    private final class ImageCache: @unchecked Sendable {
        static let shared = ImageCache()

        private let lock = Lock()
        private var map: ImageMap?

        var images: ImageMap {
            lock.locked {
                if let map { return map }
                let captured = ImageMap.capture()
                map = captured
                return captured
            }
        }

        /// A map that covers `addresses` if any does.
        func images(covering addresses: [UInt]) -> ImageMap {
            let current = images
            let covered = addresses.allSatisfy {
                current.indexOfImage(at: Backtrace.Address(UInt64($0))) != nil
            }
            if covered { return current }
            let fresh = ImageMap.capture()
            lock.locked { map = fresh }
            return fresh
        }
    }

    /// The architecture name the module writes in its backtraces (`x86_64`, `arm64`).
    @available(macOS 26.0, *)
    private static let architecture: String = {
        if let backtrace = try? Backtrace.capture(algorithm: .fast, limit: 1, offset: 0, top: 0, images: nil) {
            return backtrace.architecture
        }
        #if arch(x86_64)
        return "x86_64"
        #elseif arch(arm64)
        return "arm64"
        #else
        return "unknown"
        #endif
    }()

    /// Symbolicates return addresses through a backtrace rebuilt from them.
    @available(macOS 26.0, *)
    private static func symbolicate(
        _ addresses: [UInt],
        options: Backtrace.SymbolicationOptions
    ) -> [SymbolicatedBacktrace.Frame]? {
        guard !addresses.isEmpty, let backtrace = backtrace(returnAddresses: addresses) else { return nil }
        let images = ImageCache.shared.images(covering: addresses)
        return backtrace.symbolicated(with: images, options: options)?.frames
    }

    /// A `Backtrace` of return addresses, decoded from its `Codable` form.
    ///
    /// The `backtrace` field holds Compact Backtrace Format data: an information byte (version
    /// 0, 64-bit words), then per frame an `ra` instruction with an absolute 8-byte address
    /// (`0b0010_1_111`) followed by the address, most significant byte first, then `end`.
    @available(macOS 26.0, *)
    private static func backtrace(returnAddresses addresses: [UInt]) -> Backtrace? {
        var bytes: [UInt8] = [0b0000_0010]
        bytes.reserveCapacity(2 + addresses.count * 9)
        for address in addresses {
            bytes.append(0b0010_1111)
            let word = UInt64(address)
            for shift in stride(from: 56, through: 0, by: -8) {
                bytes.append(UInt8(truncatingIfNeeded: word >> UInt64(shift)))
            }
        }
        bytes.append(0)
        struct Form: Encodable {
            var architecture: String
            var backtrace: String
        }
        let form = Form(architecture: architecture, backtrace: Data(bytes).base64EncodedString())
        guard let json = try? JSONEncoder().encode(form) else { return nil }
        return try? JSONDecoder().decode(Backtrace.self, from: json)
    }

    @available(macOS 26.0, *)
    private static func address(of frame: Backtrace.Frame) -> UInt? {
        switch frame {
        case .programCounter(let address), .returnAddress(let address), .asyncResumePoint(let address):
            return UInt(address)
        case .omittedFrames, .truncated:
            return nil
        @unknown default:
            return nil
        }
    }
    #endif
}

/// One symbolized frame, as plain values.
struct SymbolFrame: Hashable, Sendable {
    /// The frame's address (a return address).
    var address: UInt
    /// The mangled symbol, such as `$s6RxCore4SinkC...`, or a C name.
    var rawName: String?
    /// The demangled symbol.
    var name: String?
    /// The image (executable or library) the address is in.
    var imageName: String?
    /// The address's offset from the symbol's start.
    var offset: Int = 0
    /// The source file, when looked up and the binary has line tables.
    var path: String?
    /// The source line; 0 when unknown.
    var line: Int = 0
    /// Whether the runtime counts it as a system frame.
    var isSystem = false
    /// Whether it is a compiler-generated thunk.
    var isThunk = false
    /// Whether it is a function inlined at this address rather than the one containing it.
    var isInlined = false
}

#if canImport(Runtime)
extension SymbolFrame {
    @available(macOS 26.0, *)
    fileprivate init(_ frame: SymbolicatedBacktrace.Frame, address: UInt) {
        self.address = address
        let symbol = frame.symbol
        // The module reports a symbol it could not find as `<unknown>`.
        if let symbol, symbol.rawName != "<unknown>" {
            rawName = symbol.rawName
            name = symbol.name
            offset = symbol.offset
        }
        if let symbol, symbol.imageName != "<unknown>" {
            imageName = symbol.imageName
        }
        if let location = symbol?.sourceLocation, location.line > 0 {
            path = location.path
            line = location.line
        }
        isSystem = frame.isSystem
        isThunk = frame.isSwiftThunk
        isInlined = frame.inlined
    }
}
#endif
#endif
