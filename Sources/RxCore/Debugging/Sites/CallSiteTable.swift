#if TraceResources
/// Interned call sites: each distinct `file:line` gets a small id once, so side-table entries
/// and threads carry a number instead of a string.
///
/// Interning takes a lock; it runs at most once per call of
/// ``ResourceSites/withCallSite(file:line:_:)-(StaticString,_,_)`` that allocates a tracked
/// resource (the thread caches the id for the rest of the call), and only while tracking is on.
final class CallSiteTable: @unchecked Sendable {
    static let shared = CallSiteTable()

    private struct Key: Hashable {
        /// The `StaticString`'s bytes, or 0 for a `String` file.
        var pointer: UInt
        /// The interned `String` file, or 0 for a `StaticString`.
        var file: UInt32
        var line: UInt
    }

    private let lock = Lock()
    private var fileIDs: [String: UInt32] = [:]
    private var fileNames: [String] = [""]
    private var ids: [Key: UInt32] = [:]
    /// Indexed by id; index 0 is the absent call site.
    private var texts: [String] = [""]

    private init() {}

    /// The id of a file name given as a `String`, interning it on first use (never 0).
    func internFile(_ file: String) -> UInt32 {
        lock.locked {
            if let id = fileIDs[file] { return id }
            let id = UInt32(fileNames.count)
            fileNames.append(file)
            fileIDs[file] = id
            return id
        }
    }

    /// The id of `file:line` with a static file name (never 0).
    func intern(file: StaticString, line: UInt) -> UInt32 {
        guard file.hasPointerRepresentation else {
            return intern(fileID: internFile(file.description), line: line)
        }
        let key = Key(pointer: UInt(bitPattern: file.utf8Start), file: 0, line: line)
        return lock.locked {
            if let id = ids[key] { return id }
            return add(key, text: "\(file.description):\(line)")
        }
    }

    /// The id of `file:line` with a file interned by ``internFile(_:)`` (never 0).
    func intern(fileID: UInt32, line: UInt) -> UInt32 {
        let key = Key(pointer: 0, file: fileID, line: line)
        return lock.locked {
            if let id = ids[key] { return id }
            return add(key, text: "\(fileNames[Int(fileID)]):\(line)")
        }
    }

    /// Call with the lock held.
    private func add(_ key: Key, text: String) -> UInt32 {
        let id = UInt32(texts.count)
        texts.append(text)
        ids[key] = id
        return id
    }

    /// The name of a file interned by ``internFile(_:)``.
    func fileName(of id: UInt32) -> String {
        lock.locked { Int(id) < fileNames.count ? fileNames[Int(id)] : "" }
    }

    /// `File.swift:42` for an id; `nil` for 0 or an unknown id.
    func text(of id: UInt32) -> String? {
        guard id != 0 else { return nil }
        return lock.locked { Int(id) < texts.count ? texts[Int(id)] : nil }
    }
}
#endif
