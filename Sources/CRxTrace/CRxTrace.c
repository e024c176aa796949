#define _GNU_SOURCE
#include "CRxTrace.h"
#include "PthreadStatus.h"

#include <pthread.h>
#include <string.h>
#include <unistd.h>
#if defined(__linux__)
#include <sys/syscall.h>
#endif
#if defined(__x86_64__)
#include <cpuid.h>
#endif

_Thread_local void *rxtrace_thread_writer_slot = NULL;
static pthread_key_t exit_key;
static pthread_once_t exit_key_once = PTHREAD_ONCE_INIT;
static void (*exit_handler)(void *) = NULL;

static void on_thread_exit(void *writer) {
    void (*handler)(void *) = __atomic_load_n(&exit_handler, __ATOMIC_ACQUIRE);
    if (handler != NULL && writer != NULL) {
        handler(writer);
    }
}

static void make_exit_key(void) {
    rxtrace_check_pthread(pthread_key_create(&exit_key, on_thread_exit), "pthread_key_create");
}

bool rxtrace_ticks_are_cpu_counter(void) {
#if defined(__x86_64__)
    unsigned int eax, ebx, ecx, edx;
    if (__get_cpuid_max(0x80000000, NULL) < 0x80000007) {
        return false;
    }
    __cpuid(0x80000007, eax, ebx, ecx, edx);
    return (edx & (1u << 8)) != 0;
#elif defined(__aarch64__)
    return true;
#else
    return false;
#endif
}


void rxtrace_set_thread_writer(void *writer) {
    rxtrace_thread_writer_slot = writer;
    rxtrace_check_pthread(pthread_once(&exit_key_once, make_exit_key), "pthread_once");
    rxtrace_check_pthread(pthread_setspecific(exit_key, writer), "pthread_setspecific");
}

void rxtrace_set_thread_exit_handler(void (*handler)(void *writer)) {
    __atomic_store_n(&exit_handler, handler, __ATOMIC_RELEASE);
}

uint64_t rxtrace_system_thread_id(void) {
#if defined(__linux__)
    return (uint64_t)syscall(SYS_gettid);
#elif defined(__APPLE__)
    uint64_t id = 0;
    pthread_threadid_np(NULL, &id);
    return id;
#else
    return (uint64_t)(uintptr_t)pthread_self();
#endif
}

void rxtrace_thread_name(char *buffer, int size) {
    if (size <= 0) {
        return;
    }
    buffer[0] = 0;
#if defined(__linux__) || defined(__APPLE__)
    if (pthread_getname_np(pthread_self(), buffer, (size_t)size) != 0) {
        buffer[0] = 0;
    }
#endif
    buffer[size - 1] = 0;
}
