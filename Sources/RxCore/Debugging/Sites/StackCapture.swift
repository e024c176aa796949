#if TraceResources

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Walks the stack of an allocation and turns it into a site id.
///
/// The hot path uses libunwind's `unw_backtrace`, loaded at run time with `dlopen` (so
/// neither the build nor the default configuration needs libunwind, and glibc's own unwinder
/// stays the process's `_Unwind_*` provider): return addresses only, into a buffer on the
/// stack, hashed and looked up in ``StackSiteTable``; a new stack is stored once, as its
/// addresses (symbolized at report time). Without libunwind, the Swift `Runtime` module's
/// frame-pointer walk takes its place (slower; it says so in
/// ``AllocationSiteCapture/swiftRuntime``).
enum StackCapture {
    /// How many frames are kept per stack.
    static let depth = 32

    /// `int unw_backtrace(void **buffer, int size)`.
    typealias Unwinder = @convention(c) (UnsafeMutablePointer<UnsafeMutableRawPointer?>?, CInt) -> CInt

    /// libunwind's `unw_backtrace`, or `nil` when the library cannot be loaded.
    private static let unwinder: Unwinder? = {
        #if canImport(Darwin)
        // The system's libunwind is part of libSystem.
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: -2), "unw_backtrace") else { return nil }
        #else
        guard let handle = dlopen("libunwind.so.8", RTLD_NOW | RTLD_LOCAL) ?? dlopen("libunwind.so", RTLD_NOW | RTLD_LOCAL),
            let symbol = dlsym(handle, "unw_backtrace")
        else { return nil }
        #endif
        return unsafeBitCast(symbol, to: Unwinder.self)
    }()

    /// Forces the `Runtime` fallback even when libunwind is there (for tests).
    static let prefersRuntime = AtomicCell<Bool>(false)

    private static let prepared = AtomicCell<Bool>(false)

    /// How stacks are walked now.
    static var method: AllocationSiteCapture {
        if unwinder != nil, !prefersRuntime.load(ordering: .relaxed) {
            return .libunwind
        }
        return RuntimeBacktraces.isAvailable ? .swiftRuntime : .none
    }

    /// Loads libunwind and warms it up (its first walk builds caches for milliseconds), and
    /// captures the image map the `Runtime` module uses. Runs once; later calls return.
    static func prepare() {
        guard !prepared.load(ordering: .acquiring) else { return }
        if let unwinder {
            withUnsafeTemporaryAllocation(of: UnsafeMutableRawPointer?.self, capacity: depth) { buffer in
                _ = unwinder(buffer.baseAddress, CInt(depth))
            }
        }
        RuntimeBacktraces.warmUp()
        prepared.store(true, ordering: .releasing)
    }

    /// Walks the calling stack and returns its site id; 0 when no walker works.
    @inline(never)
    static func captureSite() -> UInt32 {
        if let unwinder, !prefersRuntime.load(ordering: .relaxed) {
            return withUnsafeTemporaryAllocation(of: UnsafeMutableRawPointer?.self, capacity: depth) { buffer in
                let count = Int(unwinder(buffer.baseAddress, CInt(depth)))
                guard count > 0, let base = buffer.baseAddress else { return 0 }
                return base.withMemoryRebound(to: UInt.self, capacity: count) { words in
                    let addresses = UnsafeBufferPointer(start: words, count: count)
                    let hash = StackSiteTable.hash(addresses)
                    let id = StackSiteTable.shared.lookup(hash)
                    if id != 0 { return id }
                    return StackSiteTable.shared.insert(hash, addresses: Array(addresses))
                }
            }
        }
        return captureWithRuntime()
    }

    /// The fallback: the `Runtime` module's frame-pointer walk is the capture.
    @inline(never)
    private static func captureWithRuntime() -> UInt32 {
        guard let addresses = RuntimeBacktraces.captureAddresses(limit: depth), !addresses.isEmpty else { return 0 }
        let hash = addresses.withUnsafeBufferPointer { StackSiteTable.hash($0) }
        let id = StackSiteTable.shared.lookup(hash)
        if id != 0 { return id }
        return StackSiteTable.shared.insert(hash, addresses: addresses)
    }
}
#endif
