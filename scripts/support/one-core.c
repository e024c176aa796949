// Preloaded by scripts/run-on-one-core: the program sees one processor, so Swift's cooperative
// pool (sized by the processors online) has one thread. A test that blocks that thread while it
// waits for a task then hangs every time, instead of only on a busy machine.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <unistd.h>

long sysconf(int name) {
    static long (*next)(int);
    if (name == _SC_NPROCESSORS_ONLN || name == _SC_NPROCESSORS_CONF) {
        return 1;
    }
    if (next == NULL) {
        next = (long (*)(int))dlsym(RTLD_NEXT, "sysconf");
    }
    return next(name);
}
