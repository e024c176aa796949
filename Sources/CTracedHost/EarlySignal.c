// With TRACEDHOST_SIGNAL_IN_INITIALIZER=1, TracedHost sends itself SIGUSR1 from a constructor of
// its own: a C or C++ initializer of the program, such as a static library's, that runs while
// the program starts, long before any Swift code. Its priority (200) is one any program may
// use; the trace library's handler must already be installed by then.
#include "CTracedHost.h"

#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static bool signalled = false;

bool tracedhost_signalled_in_initializer(void) {
    return signalled;
}

#if defined(__ELF__)
__attribute__((constructor(200)))
#else
__attribute__((constructor))
#endif
static void tracedhost_signal_in_initializer(void) {
    const char *value = getenv("TRACEDHOST_SIGNAL_IN_INITIALIZER");
    if (value == NULL || strcmp(value, "1") != 0) {
        return;
    }
    // Unblocked first, as in a program started from a shell, whatever mask the parent passed on.
    sigset_t usr1;
    sigemptyset(&usr1);
    sigaddset(&usr1, SIGUSR1);
    sigprocmask(SIG_UNBLOCK, &usr1, NULL);
    signalled = true;
    kill(getpid(), SIGUSR1);
}
