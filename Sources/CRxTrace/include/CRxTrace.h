// The few things the trace ring buffer needs that Swift does not offer cheaply: a cycle
// counter, a thread-local pointer without a pthread_getspecific call, atomics on raw memory,
// and the operating system's thread id and name. Everything on the hot path is static inline.
#ifndef CRXTRACE_H
#define CRXTRACE_H

#include <stdint.h>
#include <stdbool.h>
#include <time.h>

#if defined(__x86_64__)
#include <x86intrin.h>
#endif

#ifdef __cplusplus
extern "C" {
#endif

/// Nanoseconds on the monotonic clock.
static inline uint64_t rxtrace_monotonic_ns(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (uint64_t)now.tv_sec * 1000000000ull + (uint64_t)now.tv_nsec;
}

/// The CPU's cycle counter where it is cheap and steady (x86-64 `rdtsc`, the ARM virtual
/// counter), else the monotonic clock in nanoseconds. `rxtrace_ticks_are_cpu_counter` says which.
static inline uint64_t rxtrace_ticks(void) {
#if defined(__x86_64__)
    return __rdtsc();
#elif defined(__aarch64__)
    uint64_t value;
    __asm__ __volatile__("mrs %0, cntvct_el0" : "=r"(value));
    return value;
#else
    return rxtrace_monotonic_ns();
#endif
}

/// Whether `rxtrace_ticks` reads a counter that runs at a constant rate on every core (an
/// invariant TSC on x86-64, always on ARM64); when false, callers should use the monotonic clock.
bool rxtrace_ticks_are_cpu_counter(void);

/// The slot behind `rxtrace_thread_writer`; use the functions, not the slot. Initial-exec on
/// Linux: one load relative to the thread pointer instead of a call to __tls_get_addr.
#if defined(__linux__)
extern _Thread_local void *rxtrace_thread_writer_slot __attribute__((tls_model("initial-exec")));
#else
extern _Thread_local void *rxtrace_thread_writer_slot;
#endif

/// The calling thread's trace writer, or NULL.
static inline void *rxtrace_thread_writer(void) {
    return rxtrace_thread_writer_slot;
}

/// Sets the calling thread's trace writer. When the thread exits, the handler given to
/// `rxtrace_set_thread_exit_handler` is called with the last non-NULL writer.
void rxtrace_set_thread_writer(void *writer);

/// Installs the function called with a thread's writer when that thread exits.
void rxtrace_set_thread_exit_handler(void (*handler)(void *writer));

/// The number of slots of the resource type table (`TraceResources`): 1 << RXTRACE_TYPE_SLOT_BITS.
#define RXTRACE_TYPE_SLOT_COUNT 4096
/// The base-2 logarithm of `RXTRACE_TYPE_SLOT_COUNT`: the bits of a slot index.
#define RXTRACE_TYPE_SLOT_BITS 12

/// The keys of the resource type table: 0 while a slot is free, else the address of the
/// metadata of the type that claimed it. A zero-initialized C array, so that finding it needs
/// no one-time initialization check; use `rxtrace_type_keys`.
extern uint64_t rxtrace_type_keys_storage[RXTRACE_TYPE_SLOT_COUNT];

/// The first of the `RXTRACE_TYPE_SLOT_COUNT` keys of the resource type table.
static inline uint64_t *rxtrace_type_keys(void) {
    return rxtrace_type_keys_storage;
}

/// The bit of the site-tracking switches set until `RXTRACE_SITES` has been read.
#define RXTRACE_SITE_FLAGS_UNCONFIGURED 1

/// The site-tracking switches of `TraceResources` (Swift's `SiteTracking.flags`), zero when
/// there is nothing to do. A C global rather than a Swift one, so that code inlined into other
/// modules (`subscribe(onNext:)`) reads it with one load instead of calling a Swift global's
/// accessor, a call that also costs the caller retains and releases around it. Use the
/// functions below.
extern uint64_t rxtrace_site_flags_word;

static inline uint64_t rxtrace_site_flags(void) {
    return __atomic_load_n(&rxtrace_site_flags_word, __ATOMIC_RELAXED);
}

static inline uint64_t rxtrace_site_flags_acquire(void) {
    return __atomic_load_n(&rxtrace_site_flags_word, __ATOMIC_ACQUIRE);
}

static inline uint64_t rxtrace_site_flags_seq_cst(void) {
    return __atomic_load_n(&rxtrace_site_flags_word, __ATOMIC_SEQ_CST);
}

static inline void rxtrace_set_site_flags(uint64_t flags) {
    __atomic_store_n(&rxtrace_site_flags_word, flags, __ATOMIC_SEQ_CST);
}

/// What a thread without a shard of resource counts sees: the keys part of a shard, all 0,
/// so that no type is found in it and every count update takes the slow path, which installs
/// a real shard. Never written.
extern uint64_t rxtrace_no_thread_counts[RXTRACE_TYPE_SLOT_COUNT];

/// The slot behind `rxtrace_thread_counts`; use the functions, not the slot.
#if defined(__linux__)
extern _Thread_local void *rxtrace_thread_counts_slot __attribute__((tls_model("initial-exec")));
#else
extern _Thread_local void *rxtrace_thread_counts_slot;
#endif

/// The calling thread's shard of resource counts (`TraceResources`), or
/// `rxtrace_no_thread_counts` before its first: never NULL, so the hot path has one check (the
/// key) instead of two.
static inline void *rxtrace_thread_counts(void) {
    return rxtrace_thread_counts_slot;
}

/// Whether the calling thread has a shard of resource counts of its own.
static inline bool rxtrace_thread_has_counts(void) {
    return rxtrace_thread_counts_slot != (void *)rxtrace_no_thread_counts;
}

/// Sets the calling thread's shard of resource counts. When the thread exits, the slot goes
/// back to `rxtrace_no_thread_counts` and the handler given to
/// `rxtrace_set_thread_counts_exit_handler` gets the shard.
void rxtrace_set_thread_counts(void *counts);

/// Installs the function called with a thread's shard of resource counts when it exits.
void rxtrace_set_thread_counts_exit_handler(void (*handler)(void *counts));

/// Makes SIGUSR1 a request to write the trace: its handler only writes a byte to a pipe,
/// whose read end (non-blocking) this returns, or -1 when the pipe or the handler could not be
/// set up. Idempotent. When RXTRACE is set at load time, a constructor has already done it
/// (unless SIGUSR1 had a handler of its own or was ignored), so a signal that arrives before
/// the library's first use waits in the pipe instead of ending the program.
int rxtrace_dump_signal_install(void);

/// Empties the request pipe; returns how many requests were waiting.
int rxtrace_dump_signal_drain(void);

/// Stops the program for a pthread call that returned `status` (not 0), writing
/// `rxtrace: <call> failed with <error>` to standard error first: the C side's return-code check,
/// worded as the Swift lock layer's. Declared here so that a test can see the message.
__attribute__((noreturn, cold)) void rxtrace_pthread_call_failed(const char *call, int status);

/// The operating system's id of the calling thread.
uint64_t rxtrace_system_thread_id(void);

/// Copies the calling thread's name into `buffer` (at most `size` bytes, NUL-terminated);
/// an empty string when the thread has none.
void rxtrace_thread_name(char *buffer, int size);

static inline uint64_t rxtrace_load_acquire(const uint64_t *address) {
    return __atomic_load_n(address, __ATOMIC_ACQUIRE);
}

static inline uint64_t rxtrace_load_relaxed(const uint64_t *address) {
    return __atomic_load_n(address, __ATOMIC_RELAXED);
}

static inline void rxtrace_store_release(uint64_t *address, uint64_t value) {
    __atomic_store_n(address, value, __ATOMIC_RELEASE);
}

static inline void rxtrace_store_relaxed(uint64_t *address, uint64_t value) {
    __atomic_store_n(address, value, __ATOMIC_RELAXED);
}

/// Sequentially consistent store and load: the resource counts' key caches and the switches
/// that disable them need one total order (see `ResourceTypeTable.adjustSlowly`).
static inline void rxtrace_store_seq_cst(uint64_t *address, uint64_t value) {
    __atomic_store_n(address, value, __ATOMIC_SEQ_CST);
}

static inline uint64_t rxtrace_fetch_add(uint64_t *address, uint64_t value) {
    return __atomic_fetch_add(address, value, __ATOMIC_ACQ_REL);
}

static inline bool rxtrace_compare_exchange(uint64_t *address, uint64_t expected, uint64_t desired) {
    return __atomic_compare_exchange_n(address, &expected, desired, false, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE);
}

static inline void rxtrace_fence_acquire(void) {
    __atomic_thread_fence(__ATOMIC_ACQUIRE);
}

static inline void rxtrace_fence_release(void) {
    __atomic_thread_fence(__ATOMIC_RELEASE);
}

/// Stores one 32-byte record as four relaxed atomic words: free on x86-64 and ARM64, and it
/// keeps concurrent snapshot readers free of data races in the C11 (and sanitizer) sense.
static inline void rxtrace_store_record(uint64_t *slot, uint64_t w0, uint64_t w1, uint64_t w2, uint64_t w3) {
    __atomic_store_n(slot, w0, __ATOMIC_RELAXED);
    __atomic_store_n(slot + 1, w1, __ATOMIC_RELAXED);
    __atomic_store_n(slot + 2, w2, __ATOMIC_RELAXED);
    __atomic_store_n(slot + 3, w3, __ATOMIC_RELAXED);
}

/// Copies `count` words with relaxed atomic loads, the reading side of `rxtrace_store_record`.
static inline void rxtrace_copy_words(uint64_t *destination, const uint64_t *source, long count) {
    for (long index = 0; index < count; index++) {
        destination[index] = __atomic_load_n(source + index, __ATOMIC_RELAXED);
    }
}


/// The memory orders of the `rxtrace_atomic_*` functions below (Swift's `InlineAtomic`
/// orderings map onto them; the values are the compiler's `__ATOMIC_*`).
enum {
    RXTRACE_ORDER_RELAXED = __ATOMIC_RELAXED,
    RXTRACE_ORDER_ACQUIRE = __ATOMIC_ACQUIRE,
    RXTRACE_ORDER_RELEASE = __ATOMIC_RELEASE,
    RXTRACE_ORDER_ACQ_REL = __ATOMIC_ACQ_REL,
    RXTRACE_ORDER_SEQ_CST = __ATOMIC_SEQ_CST,
};

// Atomics on a word that Swift keeps inline in an object (`InlineAtomic`): Swift passes the
// stored property's address. The order arguments are constants once inlined into Swift, so
// each call compiles to the one instruction of its order.

/// Asks for inlining: with the order a run-time argument the optimizer may judge these bodies too
/// big to inline, though each is one instruction once the constant order reaches it.
#define RXTRACE_ALWAYS_INLINE static inline __attribute__((always_inline))

/// Defines the `rxtrace_atomic_*_NAME` functions for one C type.
#define RXTRACE_INLINE_ATOMIC(NAME, TYPE)                                                          \
    RXTRACE_ALWAYS_INLINE TYPE rxtrace_atomic_load_##NAME(TYPE *address, int order) {                      \
        return __atomic_load_n(address, order);                                                    \
    }                                                                                              \
    RXTRACE_ALWAYS_INLINE void rxtrace_atomic_store_##NAME(TYPE *address, TYPE value, int order) {         \
        __atomic_store_n(address, value, order);                                                   \
    }                                                                                              \
    RXTRACE_ALWAYS_INLINE TYPE rxtrace_atomic_exchange_##NAME(TYPE *address, TYPE value, int order) {      \
        return __atomic_exchange_n(address, value, order);                                         \
    }                                                                                              \
    RXTRACE_ALWAYS_INLINE bool rxtrace_atomic_compare_exchange_##NAME(                                     \
        TYPE *address, TYPE *expected, TYPE desired, int order, int failure_order) {               \
        return __atomic_compare_exchange_n(address, expected, desired, false, order, failure_order); \
    }

RXTRACE_INLINE_ATOMIC(bool, bool)
RXTRACE_INLINE_ATOMIC(int, intptr_t)
RXTRACE_INLINE_ATOMIC(uint64, uint64_t)
RXTRACE_INLINE_ATOMIC(uint32, uint32_t)
RXTRACE_INLINE_ATOMIC(uint, uintptr_t)

RXTRACE_ALWAYS_INLINE intptr_t rxtrace_atomic_fetch_add_int(intptr_t *address, intptr_t value, int order) {
    return __atomic_fetch_add(address, value, order);
}

RXTRACE_ALWAYS_INLINE intptr_t rxtrace_atomic_fetch_or_int(intptr_t *address, intptr_t value, int order) {
    return __atomic_fetch_or(address, value, order);
}

RXTRACE_ALWAYS_INLINE uint64_t rxtrace_atomic_fetch_add_uint64(uint64_t *address, uint64_t value, int order) {
    return __atomic_fetch_add(address, value, order);
}

#ifdef __cplusplus
}
#endif

#endif
