// glibc's heap counters for the benchmark's memory report (`Benchmarks --memory`). Swift's Glibc
// module does not declare `mallinfo2` or `malloc_trim`; elsewhere these report nothing.
#ifndef HEAP_STATISTICS_H
#define HEAP_STATISTICS_H

#include <stddef.h>

/// Bytes of heap allocated and not yet freed (small and large blocks), or 0 where unknown.
size_t heap_bytes_in_use(void);

/// Returns freed heap memory to the system where the allocator allows it.
void heap_release_free_memory(void);

#endif
