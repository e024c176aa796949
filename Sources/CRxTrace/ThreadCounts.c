#include "CRxTrace.h"
#include "PthreadStatus.h"

#include <pthread.h>

// The calling thread's shard of resource counts, and the hand-back of a shard when its thread
// exits (so that a later thread reuses it: the counts it holds stay part of every sum), and the
// keys of the type table that says which entry of a shard counts which type.

uint64_t rxtrace_no_thread_counts[RXTRACE_TYPE_SLOT_COUNT];
uint64_t rxtrace_site_flags_word = RXTRACE_SITE_FLAGS_UNCONFIGURED;
_Thread_local void *rxtrace_thread_counts_slot = rxtrace_no_thread_counts;
uint64_t rxtrace_type_keys_storage[RXTRACE_TYPE_SLOT_COUNT];
_Static_assert(RXTRACE_TYPE_SLOT_COUNT == 1 << RXTRACE_TYPE_SLOT_BITS, "slot count and bits disagree");
static pthread_key_t counts_exit_key;
static pthread_once_t counts_exit_key_once = PTHREAD_ONCE_INIT;
static void (*counts_exit_handler)(void *) = NULL;

static void on_counts_thread_exit(void *counts) {
    // Cleared first: a resource freed later in this thread's teardown takes a shard anew.
    rxtrace_thread_counts_slot = rxtrace_no_thread_counts;
    void (*handler)(void *) = __atomic_load_n(&counts_exit_handler, __ATOMIC_ACQUIRE);
    if (handler != NULL && counts != NULL) {
        handler(counts);
    }
}

static void make_counts_exit_key(void) {
    rxtrace_check_pthread(pthread_key_create(&counts_exit_key, on_counts_thread_exit), "pthread_key_create");
}

void rxtrace_set_thread_counts(void *counts) {
    rxtrace_thread_counts_slot = counts;
    rxtrace_check_pthread(pthread_once(&counts_exit_key_once, make_counts_exit_key), "pthread_once");
    rxtrace_check_pthread(pthread_setspecific(counts_exit_key, counts), "pthread_setspecific");
}

void rxtrace_set_thread_counts_exit_handler(void (*handler)(void *counts)) {
    __atomic_store_n(&counts_exit_handler, handler, __ATOMIC_RELEASE);
}
