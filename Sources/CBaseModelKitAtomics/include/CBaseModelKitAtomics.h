// Atomic operations on one machine word, for BaseModelKit's Support layer.
//
// Swift's own atomics (the Synchronization module) exist only from macOS 15 / iOS 18; C11 atomics
// exist on every platform the package supports. The functions are `static inline`, so Swift calls
// them with no call overhead, and ThreadSanitizer instruments them like any C11 atomic.
//
// The word is a plain `intptr_t` in memory that only these functions touch after it is initialised;
// `_Atomic(intptr_t)` has the size and alignment of `intptr_t` on every supported platform (checked
// below), so the cast addresses the same word.
#ifndef C_BASE_MODEL_KIT_ATOMICS_H
#define C_BASE_MODEL_KIT_ATOMICS_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

_Static_assert(sizeof(_Atomic(intptr_t)) == sizeof(intptr_t), "an atomic word is a word");
_Static_assert(_Alignof(_Atomic(intptr_t)) == _Alignof(intptr_t), "an atomic word is aligned as a word");

/// The word's value, loaded with acquire ordering.
static inline intptr_t bmk_atomic_load(intptr_t *word) {
    return atomic_load_explicit((_Atomic(intptr_t) *)word, memory_order_acquire);
}

/// Stores `value` with release ordering.
static inline void bmk_atomic_store(intptr_t *word, intptr_t value) {
    atomic_store_explicit((_Atomic(intptr_t) *)word, value, memory_order_release);
}

/// Replaces `expected` by `desired` if the word holds `expected` (acquire and release ordering);
/// whether it did.
static inline bool bmk_atomic_compare_exchange(intptr_t *word, intptr_t expected, intptr_t desired) {
    return atomic_compare_exchange_strong_explicit((_Atomic(intptr_t) *)word, &expected, desired,
                                                   memory_order_acq_rel, memory_order_acquire);
}

/// Adds `delta` (acquire and release ordering); the value before.
static inline intptr_t bmk_atomic_fetch_add(intptr_t *word, intptr_t delta) {
    return atomic_fetch_add_explicit((_Atomic(intptr_t) *)word, delta, memory_order_acq_rel);
}

/// How many lock stripes there are, and how many words apart they lie (one 64-byte line each).
#define BMK_LOCK_STRIPES 64
#define BMK_LOCK_STRIPE_WORDS (64 / sizeof(intptr_t))

/// The words of the lock stripes (`StripedLocks`), zero at start, defined in Atomics.c. A C array
/// with static storage: Swift reads it with no initialisation check, where a `static let` of its
/// own was checked on every lock taken.
extern intptr_t bmk_lock_stripe_words[BMK_LOCK_STRIPES * BMK_LOCK_STRIPE_WORDS];

/// The word of stripe `index`, which must be below `BMK_LOCK_STRIPES`.
static inline intptr_t *bmk_lock_stripe(intptr_t index) {
    return &bmk_lock_stripe_words[index * (intptr_t)BMK_LOCK_STRIPE_WORDS];
}

/// Tells ThreadSanitizer that `size` bytes at `address` are read, in a program built with it (a no-op
/// otherwise). The engine reads and writes model fields through pointers with the types' value
/// witnesses, which the sanitizer does not see; it calls these only when built with
/// `-DBASEMODELKIT_THREAD_SANITIZER` (Scripts/sanitizers.sh).
void bmk_sanitizer_read(const void *address, long size);

/// Tells ThreadSanitizer that `size` bytes at `address` are written (see `bmk_sanitizer_read`).
void bmk_sanitizer_write(void *address, long size);

/// The thread-local words behind `bmk_thread_identity` and `bmk_current_encoding`, defined in
/// Atomics.c: declared here so that the two readers are inline (each module that calls them reads the
/// same words; a `static` one here would give each module its own).
extern _Thread_local intptr_t bmk_thread_marker;
extern _Thread_local const void *bmk_current_encoding_word;

/// A number that identifies the calling thread while it runs: the address of a thread-local word
/// (word-aligned, so never odd, and never 0).
static inline intptr_t bmk_thread_identity(void) {
    return (intptr_t)&bmk_thread_marker;
}

/// The calling thread's address as last set by `bmk_set_current_encoding` on it (NULL at first): a
/// thread-local word. The engine keeps the encoding session running on the thread there: reading a
/// task-local per hooked object cost more than the rest of handing the object over.
static inline const void *bmk_current_encoding(void) {
    return bmk_current_encoding_word;
}

/// Sets the calling thread's `bmk_current_encoding`.
void bmk_set_current_encoding(const void *session);

/// The current thread's stack bounds as cached by `bmk_cache_stack_bounds`, in `*low` and `*high`;
/// whether they were cached. (C thread-local storage: two `pthread_getspecific` calls per decode
/// were a visible share of decoding a small message.)
bool bmk_cached_stack_bounds(uintptr_t *low, uintptr_t *high);

/// Caches the current thread's stack bounds.
void bmk_cache_stack_bounds(uintptr_t low, uintptr_t high);

#endif
