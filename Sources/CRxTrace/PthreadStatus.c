// The stop for a pthread call that failed: the C side's counterpart of the Swift lock layer's
// check (PthreadMutex in RxCore), with the same message, so that a lock or thread key that does
// not work ends the program saying which call failed instead of going on unprotected.
#include "CRxTrace.h"
#include "PthreadStatus.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/// The name of the error codes pthread calls return, or NULL for another one.
static const char *error_name(int status) {
    switch (status) {
    case EPERM: return "EPERM";
    case EINVAL: return "EINVAL";
    case EBUSY: return "EBUSY";
    case EAGAIN: return "EAGAIN";
    case ENOMEM: return "ENOMEM";
    case EDEADLK: return "EDEADLK";
    default: return NULL;
    }
}

void rxtrace_pthread_call_failed(const char *call, int status) {
    // Formatted on the stack and written with write(2): this can run in a load-time constructor
    // or with the heap's lock held, where stdio's buffers are not to be trusted.
    char message[160];
    const char *name = error_name(status);
    int length = name != NULL ? snprintf(message, sizeof message, "rxtrace: %s failed with %s\n", call, name)
                              : snprintf(message, sizeof message, "rxtrace: %s failed with error %d\n", call, status);
    if (length > 0) {
        size_t count = (size_t)length < sizeof message ? (size_t)length : sizeof message - 1;
        ssize_t ignored = write(STDERR_FILENO, message, count);
        (void)ignored;
    }
    abort();
}
