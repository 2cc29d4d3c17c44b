// The operations are inline functions in the header; a C target needs one source file.
#include "CBaseModelKitAtomics.h"
