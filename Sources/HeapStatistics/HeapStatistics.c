#include "HeapStatistics.h"
#include <stdlib.h>  // defines __GLIBC__ on glibc systems

#if defined(__GLIBC__)
#include <malloc.h>

size_t heap_bytes_in_use(void) {
    struct mallinfo2 info = mallinfo2();
    return info.uordblks + info.hblkhd;
}

void heap_release_free_memory(void) {
    malloc_trim(0);
}
#else
size_t heap_bytes_in_use(void) { return 0; }
void heap_release_free_memory(void) {}
#endif
