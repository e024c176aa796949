#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The system calls the codec uses, retried on `EINTR`, reporting failures as `errno`.
enum SystemFile {
    /// A failed call's `errno`.
    struct Failure: Error {
        /// The `errno` value.
        let code: Int32
    }

    /// Opens `path` for reading; without blocking, so that a FIFO given by mistake fails on
    /// its first read instead of hanging the reader.
    static func openForReading(_ path: String) throws(Failure) -> Int32 {
        while true {
            let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
            if descriptor >= 0 { return descriptor }
            if errno != EINTR { throw Failure(code: errno) }
        }
    }

    /// Creates `path`, which must not exist, for writing (and reading back when `readable`),
    /// with mode 0644 before the umask.
    static func create(_ path: String, readable: Bool = false) throws(Failure) -> Int32 {
        while true {
            let descriptor = open(path, (readable ? O_RDWR : O_WRONLY) | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            if descriptor >= 0 { return descriptor }
            if errno != EINTR { throw Failure(code: errno) }
        }
    }

    /// Opens an existing `path` (a device or a FIFO) for writing, without creating or
    /// truncating anything. A FIFO nobody reads fails with `ENXIO` once `readerWait`
    /// seconds have passed, instead of blocking for ever; the descriptor returned blocks on
    /// writes as usual. A path naming one of this process's descriptors (`/dev/stdout`) is
    /// that descriptor, duplicated: opened anew, a regular file behind it would be written
    /// from its start, over what the process had written there.
    static func openExisting(_ path: String, readerWait: Double = 1) throws(Failure) -> Int32 {
        if let own = TraceOutputTarget.ownDescriptor(at: path) {
            let duplicate = fcntl(own, F_DUPFD_CLOEXEC, 0)
            guard duplicate >= 0 else { throw Failure(code: errno) }
            return duplicate
        }
        var waited = 0.0
        while true {
            let descriptor = open(path, O_WRONLY | O_CLOEXEC | O_NONBLOCK)
            if descriptor >= 0 {
                _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
                return descriptor
            }
            let code = errno
            if code == EINTR { continue }
            guard code == ENXIO, waited < readerWait else { throw Failure(code: code) }
            usleep(10_000)
            waited += 0.01
        }
    }

    /// Runs `body` with `SIGPIPE` blocked on the calling thread, so that writing into a FIFO
    /// whose reader went away fails with `EPIPE` instead of ending the process; a `SIGPIPE`
    /// the body raised is taken off the thread's pending set before the mask is restored.
    static func withBrokenPipeAsError<Result>(_ body: () -> Result) -> Result {
        var blocked = sigset_t()
        var previous = sigset_t()
        sigemptyset(&blocked)
        sigaddset(&blocked, SIGPIPE)
        checkSignalMask(pthread_sigmask(SIG_BLOCK, &blocked, &previous))
        var pendingBefore = sigset_t()
        sigpending(&pendingBefore)
        let alreadyPending = sigismember(&pendingBefore, SIGPIPE) == 1
        let result = body()
        if !alreadyPending {
            var pending = sigset_t()
            sigpending(&pending)
            if sigismember(&pending, SIGPIPE) == 1 {
                var immediately = timespec(tv_sec: 0, tv_nsec: 0)
                _ = sigtimedwait(&blocked, nil, &immediately)
            }
        }
        checkSignalMask(pthread_sigmask(SIG_SETMASK, &previous, nil))
        return result
    }

    /// Stops the program when `pthread_sigmask` failed: going on would write with `SIGPIPE`
    /// not blocked (a vanished reader ends the process) or leave it blocked on the thread.
    private static func checkSignalMask(_ status: Int32) {
        if status != 0 {
            fatalError("rxtrace: pthread_sigmask failed with \(status == EINVAL ? "EINVAL" : "error \(status)")")
        }
    }

    /// The system's temporary directory: `TMPDIR`, else `/tmp`.
    static var temporaryDirectory: String {
        guard let value = getenv("TMPDIR"), value.pointee != 0 else { return "/tmp" }
        let text = String(cString: value)
        return text.count > 1 && text.hasSuffix("/") ? String(text.dropLast()) : text
    }

    /// The size of the regular file open as `descriptor`; `EISDIR` for a directory.
    static func size(of descriptor: Int32) throws(Failure) -> UInt64 {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw Failure(code: errno) }
        if status.st_mode & S_IFMT == S_IFDIR { throw Failure(code: EISDIR) }
        return UInt64(max(0, status.st_size))
    }

    /// Reads up to `count` bytes at `offset`, stopping early only at the end of the file.
    ///
    /// - Returns: The number of bytes read.
    static func read(
        _ descriptor: Int32,
        into destination: UnsafeMutableRawPointer,
        count: Int,
        at offset: UInt64
    ) throws(Failure) -> Int {
        var done = 0
        while done < count {
            let result = pread(descriptor, destination + done, count - done, off_t(offset) + off_t(done))
            if result > 0 {
                done += result
            } else if result == 0 {
                break
            } else if errno != EINTR {
                throw Failure(code: errno)
            }
        }
        return done
    }

    /// Writes all `count` bytes at the file's current position.
    static func write(_ descriptor: Int32, _ source: UnsafeRawPointer, count: Int) throws(Failure) {
        var done = 0
        while done < count {
            #if canImport(Darwin)
            let result = Darwin.write(descriptor, source + done, count - done)
            #elseif canImport(Glibc)
            let result = Glibc.write(descriptor, source + done, count - done)
            #elseif canImport(Musl)
            let result = Musl.write(descriptor, source + done, count - done)
            #endif
            if result > 0 {
                done += result
            } else if result == 0 {
                throw Failure(code: EIO)
            } else if errno != EINTR {
                throw Failure(code: errno)
            }
        }
    }

    /// Writes all `count` bytes at `offset`, leaving the file's position alone.
    static func write(_ descriptor: Int32, _ source: UnsafeRawPointer, count: Int, at offset: UInt64) throws(Failure) {
        var done = 0
        while done < count {
            let result = pwrite(descriptor, source + done, count - done, off_t(offset) + off_t(done))
            if result > 0 {
                done += result
            } else if result == 0 {
                throw Failure(code: EIO)
            } else if errno != EINTR {
                throw Failure(code: errno)
            }
        }
    }

    /// Flushes the file's data to disk.
    static func sync(_ descriptor: Int32) throws(Failure) {
        while fsync(descriptor) != 0 {
            if errno != EINTR { throw Failure(code: errno) }
        }
    }

    /// Closes a descriptor; a failed close is reported (data may not have been written), but
    /// the descriptor is released either way.
    static func close(_ descriptor: Int32) throws(Failure) {
        #if canImport(Darwin)
        let result = Darwin.close(descriptor)
        #elseif canImport(Glibc)
        let result = Glibc.close(descriptor)
        #elseif canImport(Musl)
        let result = Musl.close(descriptor)
        #endif
        if result != 0 && errno != EINTR { throw Failure(code: errno) }
    }

    /// Renames `source` onto `destination`, replacing a file there.
    static func rename(_ source: String, to destination: String) throws(Failure) {
        #if canImport(Darwin)
        let result = Darwin.rename(source, destination)
        #elseif canImport(Glibc)
        let result = Glibc.rename(source, destination)
        #elseif canImport(Musl)
        let result = Musl.rename(source, destination)
        #endif
        if result != 0 { throw Failure(code: errno) }
    }

    /// Removes `path`, ignoring failures.
    static func remove(_ path: String) {
        _ = unlink(path)
    }

    /// Flushes a directory's entries to disk, so a rename in it survives a power loss;
    /// best effort, failures are ignored.
    static func syncDirectory(containing path: String) {
        let directory: String
        if let slash = path.lastIndex(of: "/") {
            directory = slash == path.startIndex ? "/" : String(path[..<slash])
        } else {
            directory = "."
        }
        let descriptor = open(directory, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        _ = try? close(descriptor)
    }

    /// The calling process's identifier.
    static var processID: Int32 { getpid() }
}
