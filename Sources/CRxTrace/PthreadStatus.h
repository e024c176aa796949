// The return-code check of every pthread call the C side makes (private to CRxTrace's sources).
#ifndef CRXTRACE_PTHREAD_STATUS_H
#define CRXTRACE_PTHREAD_STATUS_H

#include "CRxTrace.h"

/// Stops the program unless `status` (a pthread call's return value) is 0, naming `call`.
static inline void rxtrace_check_pthread(int status, const char *call) {
    if (__builtin_expect(status != 0, 0)) {
        rxtrace_pthread_call_failed(call, status);
    }
}

#endif
