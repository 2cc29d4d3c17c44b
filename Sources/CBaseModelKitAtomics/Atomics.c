// The atomic operations are inline functions in the header; the rest needs definitions.
#include "CBaseModelKitAtomics.h"

_Alignas(64) intptr_t bmk_lock_stripe_words[BMK_LOCK_STRIPES * BMK_LOCK_STRIPE_WORDS];

_Thread_local intptr_t bmk_thread_marker;

static _Thread_local uintptr_t stack_low;
static _Thread_local uintptr_t stack_high;

bool bmk_cached_stack_bounds(uintptr_t *low, uintptr_t *high) {
    if (stack_high == 0) return false;
    *low = stack_low;
    *high = stack_high;
    return true;
}

void bmk_cache_stack_bounds(uintptr_t low, uintptr_t high) {
    stack_low = low;
    stack_high = high;
}

#if defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define BMK_THREAD_SANITIZER 1
void __tsan_read_range(void *addr, unsigned long size);
void __tsan_write_range(void *addr, unsigned long size);
#endif
#endif

void bmk_sanitizer_read(const void *address, long size) {
#ifdef BMK_THREAD_SANITIZER
    __tsan_read_range((void *)address, (unsigned long)size);
#else
    (void)address;
    (void)size;
#endif
}

void bmk_sanitizer_write(void *address, long size) {
#ifdef BMK_THREAD_SANITIZER
    __tsan_write_range(address, (unsigned long)size);
#else
    (void)address;
    (void)size;
#endif
}

_Thread_local const void *bmk_current_encoding_word;

void bmk_set_current_encoding(const void *session) {
    bmk_current_encoding_word = session;
}
