import Foundation
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// Runs a built program to its end and measures it: the wall-clock time and the CPU time the
/// kernel charged to that one child (`wait4`), which `Process` does not give.
///
/// The program runs under `timeout -s KILL`, so a test of a deadline that does not hold ends
/// instead of hanging; its output goes to files in `folder`.
struct MeasuredRun {
    let status: Int32
    let error: String
    /// Wall-clock seconds from start to exit.
    let elapsed: Double
    /// User plus system CPU seconds of the program.
    let cpu: Double

    init(_ program: BuiltProgram, _ arguments: [String], folder: TemporaryDirectory, killAfter limit: Int = 120) async throws {
        let errorPath = folder.file("measured-\(UUID().uuidString).err")
        let argv = ["/usr/bin/timeout", "-s", "KILL", String(limit), program.path] + arguments
        // Allocated: the type has no empty initializer on every platform.
        let actions = UnsafeMutablePointer<posix_spawn_file_actions_t>.allocate(capacity: 1)
        posix_spawn_file_actions_init(actions)
        defer {
            posix_spawn_file_actions_destroy(actions)
            actions.deallocate()
        }
        posix_spawn_file_actions_addopen(actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let cArguments = argv.map { strdup($0) } + [nil]
        defer { for pointer in cArguments { free(pointer) } }
        let environment = ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in environment { free(pointer) } }
        var pid: pid_t = 0
        let start = MonotonicInstant.now
        let spawned = posix_spawn(&pid, argv[0], actions, nil, cArguments, environment)
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EINVAL) }
        // The wait blocks, so it runs on a thread of its own, never on the cooperative pool; the
        // end is read on that thread, so the time this task then waits for a pool thread (long on
        // a loaded machine) is not counted as the program's.
        let (waitStatus, usage, end) = await onDedicatedThread { [pid] in
            var waitStatus: Int32 = 0
            var usage = rusage()
            while wait4(pid, &waitStatus, 0, &usage) < 0, errno == EINTR {}
            return (waitStatus, usage, MonotonicInstant.now)
        }
        elapsed = start.seconds(to: end)
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        cpu = seconds(usage.ru_utime) + seconds(usage.ru_stime)
        // WIFEXITED / WEXITSTATUS by hand: the macros are not imported.
        status = waitStatus & 0x7f == 0 ? (waitStatus >> 8) & 0xff : 128 + (waitStatus & 0x7f)
        error = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
    }
}
