#if TraceResources
/// Interned call sites: each distinct `file:line` gets a small id once, so side-table entries
/// and threads carry a number instead of a string.
///
/// Interning takes a lock; it runs at most once per call of
/// ``ResourceSites/withCallSite(file:line:_:)-(StaticString,_,_)`` that allocates a tracked
/// resource (the thread caches the id for the rest of the call), and only while tracking is on.
final class CallSiteTable: Sendable {
    static let shared = CallSiteTable()

    private struct Key: Hashable, Sendable {
        /// The `StaticString`'s bytes, or 0 for a `String` file.
        var pointer: UInt
        /// The interned `String` file, or 0 for a `StaticString`.
        var file: UInt32
        var line: UInt
    }

    /// The tables, reached only under their lock.
    private struct Tables: Sendable {
        var fileIDs: [String: UInt32] = [:]
        var fileNames: [String] = [""]
        var ids: [Key: UInt32] = [:]
        /// Indexed by id; index 0 is the absent call site.
        var texts: [String] = [""]

        /// Interns `key`, shown as `text`, as the next id.
        mutating func add(_ key: Key, text: String) -> UInt32 {
            let id = UInt32(texts.count)
            texts.append(text)
            ids[key] = id
            return id
        }
    }

    private let tables = LockedValue(Tables())

    private init() {}

    /// The id of a file name given as a `String`, interning it on first use (never 0).
    func internFile(_ file: String) -> UInt32 {
        tables.withLock { tables in
            if let id = tables.fileIDs[file] { return id }
            let id = UInt32(tables.fileNames.count)
            tables.fileNames.append(file)
            tables.fileIDs[file] = id
            return id
        }
    }

    /// The id of `file:line` with a static file name (never 0).
    func intern(file: StaticString, line: UInt) -> UInt32 {
        guard file.hasPointerRepresentation else {
            return intern(fileID: internFile(file.description), line: line)
        }
        let key = Key(pointer: UInt(bitPattern: file.utf8Start), file: 0, line: line)
        return tables.withLock { tables in
            if let id = tables.ids[key] { return id }
            return tables.add(key, text: "\(file.description):\(line)")
        }
    }

    /// The id of `file:line` with a file interned by ``internFile(_:)`` (never 0).
    func intern(fileID: UInt32, line: UInt) -> UInt32 {
        let key = Key(pointer: 0, file: fileID, line: line)
        return tables.withLock { tables in
            if let id = tables.ids[key] { return id }
            return tables.add(key, text: "\(tables.fileNames[Int(fileID)]):\(line)")
        }
    }

    /// The name of a file interned by ``internFile(_:)``.
    func fileName(of id: UInt32) -> String {
        tables.withLock { Int(id) < $0.fileNames.count ? $0.fileNames[Int(id)] : "" }
    }

    /// `File.swift:42` for an id; `nil` for 0 or an unknown id.
    func text(of id: UInt32) -> String? {
        guard id != 0 else { return nil }
        return tables.withLock { Int(id) < $0.texts.count ? $0.texts[Int(id)] : nil }
    }
}
#endif
