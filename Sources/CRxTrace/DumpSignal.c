// SIGUSR1 as a request to write the trace, safe from the moment the program is loaded.
//
// The Swift side can only install its handling on the library's first use, so a SIGUSR1 that
// arrived before would take its default action and end the program. A constructor therefore
// installs, at load time and only when RXTRACE asks for tracing, a handler that does nothing
// but write one byte to a pipe (write(2) is async-signal-safe). The Swift side reads the pipe
// once tracing is up and dumps then (at the latest at exit): a request that came early is
// served late and never fatal. When the program exits without ever using RxCore, a line on
// standard error says that the request got no trace.
#define _GNU_SOURCE
#include "CRxTrace.h"
#include "PthreadStatus.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

static int request_pipe[2] = {-1, -1};
static pthread_mutex_t install_lock = PTHREAD_MUTEX_INITIALIZER;
static bool handler_installed = false;
/// Set once the Swift side reads the pipe (`rxtrace_dump_signal_install`).
static bool swift_side_listening = false;

static void on_dump_signal(int signal_number) {
    (void)signal_number;
    int saved = errno;
    int descriptor = __atomic_load_n(&request_pipe[1], __ATOMIC_ACQUIRE);
    if (descriptor >= 0) {
        const char byte = 1;
        // A full pipe already holds a request: dropping this one loses nothing.
        ssize_t ignored = write(descriptor, &byte, 1);
        (void)ignored;
    }
    errno = saved;
}

static bool make_pipe(void) {
    if (request_pipe[0] >= 0) {
        return true;
    }
    int ends[2];
    if (pipe(ends) != 0) {
        return false;
    }
    for (int index = 0; index < 2; index++) {
        fcntl(ends[index], F_SETFD, FD_CLOEXEC);
        fcntl(ends[index], F_SETFL, fcntl(ends[index], F_GETFL) | O_NONBLOCK);
    }
    request_pipe[0] = ends[0];
    __atomic_store_n(&request_pipe[1], ends[1], __ATOMIC_RELEASE);
    return true;
}

/// Installs the handler; with `only_over_default`, only when SIGUSR1 still has its default
/// action (a program or library that chose its own handling, or ignores it, keeps it).
static int install(bool only_over_default) {
    rxtrace_check_pthread(pthread_mutex_lock(&install_lock), "pthread_mutex_lock");
    int result = -1;
    if (handler_installed) {
        result = request_pipe[0];
    } else if (make_pipe()) {
        struct sigaction current;
        bool allowed = true;
        if (only_over_default && sigaction(SIGUSR1, NULL, &current) == 0) {
            allowed = !(current.sa_flags & SA_SIGINFO) && current.sa_handler == SIG_DFL;
        }
        if (allowed) {
            struct sigaction action;
            action.sa_handler = on_dump_signal;
            sigemptyset(&action.sa_mask);
            action.sa_flags = SA_RESTART;
            if (sigaction(SIGUSR1, &action, NULL) == 0) {
                handler_installed = true;
                result = request_pipe[0];
            }
        }
    }
    rxtrace_check_pthread(pthread_mutex_unlock(&install_lock), "pthread_mutex_unlock");
    return result;
}

int rxtrace_dump_signal_install(void) {
    int descriptor = install(false);
    if (descriptor >= 0) {
        __atomic_store_n(&swift_side_listening, true, __ATOMIC_RELEASE);
    }
    return descriptor;
}

int rxtrace_dump_signal_drain(void) {
    int descriptor = request_pipe[0];
    if (descriptor < 0) {
        return 0;
    }
    int count = 0;
    char bytes[64];
    while (true) {
        ssize_t result = read(descriptor, bytes, sizeof bytes);
        if (result > 0) {
            count += (int)result;
        } else if (result < 0 && errno == EINTR) {
            continue;
        } else {
            break;
        }
    }
    return count;
}

/// Whether an RXTRACE_* flag's text says off, as the Swift side reads it (0, false, no, off).
static bool says_off(const char *text) {
    while (isspace((unsigned char)*text)) {
        text++;
    }
    size_t length = 0;
    while (text[length] != 0 && !isspace((unsigned char)text[length])) {
        length++;
    }
    static const char *const words[] = {"0", "false", "no", "off"};
    for (size_t index = 0; index < sizeof words / sizeof words[0]; index++) {
        if (strlen(words[index]) == length && strncasecmp(text, words[index], length) == 0) {
            return true;
        }
    }
    return false;
}

/// At exit, when the program never used RxCore (so nobody read the pipe): says that the
/// SIGUSR1 requests waiting in the pipe got no trace, instead of dropping them silently.
static void say_unserved_requests(void) {
    if (__atomic_load_n(&swift_side_listening, __ATOMIC_ACQUIRE) || rxtrace_dump_signal_drain() == 0) {
        return;
    }
    static const char message[] = "rxtrace: SIGUSR1 asked for a trace before the program used RxCore, which it never did: no trace written\n";
    ssize_t ignored = write(STDERR_FILENO, message, sizeof message - 1);
    (void)ignored;
}

// The earliest constructor a program can have after the C and C++ runtimes' own (priorities up to
// 100 are theirs): on ELF it runs before every other constructor and C++ static initializer of
// the module it is linked into, whatever the link order. Those of shared libraries loaded
// before (the Swift runtime, Foundation) still run first: docs/tracing.md says what window
// remains. Mach-O has no constructor priorities.
#if defined(__ELF__)
#define RXTRACE_EARLIEST_CONSTRUCTOR __attribute__((constructor(101)))
#else
#define RXTRACE_EARLIEST_CONSTRUCTOR __attribute__((constructor))
#endif

RXTRACE_EARLIEST_CONSTRUCTOR static void rxtrace_install_early_dump_signal(void) {
    const char *trace = getenv("RXTRACE");
    if (trace == NULL || trace[0] == 0 || strcmp(trace, "0") == 0) {
        return;
    }
    const char *signal_option = getenv("RXTRACE_SIGNAL");
    if (signal_option != NULL && says_off(signal_option)) {
        return;
    }
    if (install(true) >= 0) {
        atexit(say_unserved_requests);
    }
}
