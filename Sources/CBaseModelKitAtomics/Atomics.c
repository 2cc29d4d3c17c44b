// The atomic operations are inline functions in the header; the thread identity needs a definition.
#include "CBaseModelKitAtomics.h"

static _Thread_local intptr_t thread_marker;

intptr_t bmk_thread_identity(void) {
    return (intptr_t)&thread_marker;
}
