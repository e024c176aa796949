#if TraceResources
/// Turns stacks into what a report shows: the frames as text, the user's frame, a fingerprint.
///
/// Runs at report time only, under one lock. Each address is symbolized once and kept: its
/// symbol name for every frame, its source line (with the functions inlined there) only for
/// the user's frame. Each stack's result is kept too, by the identity of its ``StackSite``
/// (which the site table keeps alive for the life of the process).
enum SiteSymbolizer {
    /// A symbolized stack.
    struct Description: Hashable, Sendable {
        /// The hash of the user's frame (symbol and line) and of the user-code frames that
        /// called it; of all frames (symbols and offsets) when no frame is the user's. No
        /// addresses go in, so it is the same in every run of the same binary.
        var fingerprint: UInt64
        /// The user's frame as `Module/File.swift:42`, or a symbol name; `nil` when no frame is
        /// outside the package and the system.
        var userFrame: String?
        /// The frames as text, innermost first, starting below the capture machinery.
        var frames: [String]
    }

    /// Modules of this package: frames in them are the library, not the user.
    static let packageModules: Set<String> = ["RxCore", "RxTest", "RxBlocking", "RxTraceFormat"]
    /// Modules of the toolchain and the system.
    static let systemModules: Set<String> = [
        "Swift", "_Concurrency", "_StringProcessing", "Synchronization", "Runtime", "Dispatch",
        "Foundation", "FoundationEssentials", "FoundationInternationalization", "Testing",
        "XCTest", "Observation", "__C",
    ]
    /// Names of the capture machinery: leading frames in these are dropped.
    static let machinery = [
        "SiteRecorder", "StackCapture", "StackSiteTable", "RuntimeBacktraces", "ResourceCounter", "ResourceTypeTable",
    ]
    /// How many user-code callers of the user's frame the fingerprint includes.
    static let callerDepth = 8

    private struct State: Sendable {
        var symbols: [UInt: SymbolFrame] = [:]
        var lines: [UInt: [SymbolFrame]] = [:]
        var descriptions: [ObjectIdentifier: Description] = [:]
    }

    private static let state = LockedValue(State())

    /// The description of a stack, symbolizing what has not been symbolized before.
    static func describe(_ site: StackSite) -> Description {
        state.withLock { state in
            if let done = state.descriptions[ObjectIdentifier(site)] { return done }
            var missing: [UInt] = []
            var seen = Set<UInt>()
            for address in site.addresses where state.symbols[address] == nil && seen.insert(address).inserted {
                missing.append(address)
            }
            if !missing.isEmpty {
                for frame in RuntimeBacktraces.symbols(of: missing) {
                    state.symbols[frame.address] = frame
                }
            }
            let frames = site.addresses.map { state.symbols[$0] ?? SymbolFrame(address: $0) }
            let description = describe(frames: frames) { frame in
                if let known = state.lines[frame.address] { return known }
                let found = RuntimeBacktraces.framesWithLines(at: frame.address)
                state.lines[frame.address] = found
                return found
            }
            state.descriptions[ObjectIdentifier(site)] = description
            return description
        }
    }

    /// The description of frames symbolized by name (innermost first).
    ///
    /// - Parameters:
    ///   - frames: The stack's frames with their symbols.
    ///   - lines: The frames at an address with source lines: the functions inlined there
    ///     (innermost first), then the one containing them; called for the user's frame only.
    static func describe(frames: [SymbolFrame], lines: (SymbolFrame) -> [SymbolFrame]) -> Description {
        let kept = Array(frames.drop(while: isMachinery))
        var texts = kept.map(text)
        var hasher = FNV1a()
        guard let userIndex = kept.firstIndex(where: isUserFrame) else {
            for frame in kept {
                hasher.combine(key(of: frame, withLine: false))
                hasher.combine("\n")
            }
            return Description(fingerprint: hasher.value, userFrame: nil, frames: texts)
        }
        // Inlined library code sits in the user's function in optimized builds: the user's
        // line is that of the first user frame in the inline chain.
        let chain = lines(kept[userIndex])
        var user = chain.first(where: isUserFrame) ?? kept[userIndex]
        if user.rawName == nil {
            user.rawName = kept[userIndex].rawName
            user.name = kept[userIndex].name
        }
        texts[userIndex] = text(user)
        hasher.combine(key(of: user, withLine: true))
        for caller in kept[(userIndex + 1)...].prefix(while: isUserFrame).prefix(callerDepth) {
            hasher.combine("\n")
            hasher.combine(key(of: caller, withLine: false))
        }
        return Description(fingerprint: hasher.value, userFrame: userFrameText(user), frames: texts)
    }

    /// The module of a mangled Swift symbol (`$s6RxCore4Sink...` is `RxCore`), or `nil` for
    /// other symbols.
    static func module(ofMangled name: String) -> String? {
        var rest = Substring(name)
        for prefix in ["_$s", "$s", "_$S", "$S", "_T0"] where rest.hasPrefix(prefix) {
            rest = rest.dropFirst(prefix.count)
            guard let first = rest.first else { return nil }
            if first == "s" { return "Swift" }
            if first == "S" {
                // A standard substitution: `So` is an imported C or Objective-C type, the others
                // are standard library types.
                return rest.dropFirst().first == "o" ? "__C" : "Swift"
            }
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            guard let length = Int(digits), length > 0 else { return nil }
            let module = rest.dropFirst(digits.count).prefix(length)
            return module.count == length ? String(module) : nil
        }
        return nil
    }

    private static func isMachinery(_ frame: SymbolFrame) -> Bool {
        if let rawName = frame.rawName, module(ofMangled: rawName) == "Runtime" { return true }
        if let imageName = frame.imageName, imageName.hasPrefix("libswiftRuntime") { return true }
        guard let name = frame.name else { return false }
        return machinery.contains { name.contains($0) }
    }

    static func isUserFrame(_ frame: SymbolFrame) -> Bool {
        if frame.isThunk || frame.isSystem { return false }
        if let path = frame.path, isPackagePath(path) { return false }
        if let rawName = frame.rawName, let module = module(ofMangled: rawName) {
            return !packageModules.contains(module) && !systemModules.contains(module)
        }
        // A C (or unnamed) frame counts only with a source line outside system libraries.
        guard frame.path != nil, frame.line > 0 else { return false }
        if let imageName = frame.imageName, isSystemImage(imageName) { return false }
        return true
    }

    private static func isPackagePath(_ path: String) -> Bool {
        packageModules.contains { path.contains("/Sources/\($0)/") }
    }

    private static func isSystemImage(_ name: String) -> Bool {
        let prefixes = [
            "libswift", "libdispatch", "libc.", "libc-", "libpthread", "ld-", "libFoundation", "libXCTest",
            "libTesting", "lib_Testing", "libBlocksRuntime", "libunwind", "libstdc++", "libgcc",
        ]
        return prefixes.contains { name.hasPrefix($0) }
    }

    private static func fileName(_ path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init) ?? path
    }

    private static func userFrameText(_ frame: SymbolFrame) -> String {
        if let path = frame.path, frame.line > 0 {
            let file = fileName(path)
            if let module = frame.rawName.flatMap(module(ofMangled:)) {
                return "\(module)/\(file):\(frame.line)"
            }
            return "\(file):\(frame.line)"
        }
        return frame.name ?? frame.rawName ?? text(frame)
    }

    /// What identifies a frame in a fingerprint: its symbol with the line or the offset, else
    /// the image and offset, else the address (which varies between runs).
    private static func key(of frame: SymbolFrame, withLine: Bool) -> String {
        if let rawName = frame.rawName {
            return withLine && frame.line > 0 ? "\(rawName):\(frame.line)" : "\(rawName)+\(frame.offset)"
        }
        if let path = frame.path, frame.line > 0 {
            return "\(fileName(path)):\(frame.line)"
        }
        if let imageName = frame.imageName {
            return "\(imageName)+\(frame.offset)"
        }
        return "0x" + String(frame.address, radix: 16)
    }

    private static func text(_ frame: SymbolFrame) -> String {
        let address = "0x" + String(frame.address, radix: 16)
        guard let name = frame.name ?? frame.rawName else {
            return frame.imageName.map { "\(address) in \($0)" } ?? address
        }
        if let path = frame.path, frame.line > 0 {
            return "\(name) at \(fileName(path)):\(frame.line)"
        }
        return frame.imageName.map { "\(name) + \(frame.offset) in \($0)" } ?? "\(name) + \(frame.offset)"
    }
}

/// 64-bit FNV-1a over UTF-8 text.
struct FNV1a {
    private(set) var value: UInt64 = 0xCBF2_9CE4_8422_2325

    mutating func combine(_ text: String) {
        for byte in text.utf8 {
            value ^= UInt64(byte)
            value &*= 0x0000_0100_0000_01B3
        }
    }

    static func hash(_ text: String) -> UInt64 {
        var hasher = FNV1a()
        hasher.combine(text)
        return hasher.value
    }
}
#endif
