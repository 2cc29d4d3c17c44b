#!/usr/bin/env bash
# Runs the whole test suite under ThreadSanitizer and under AddressSanitizer (with LeakSanitizer).
#
#     Scripts/sanitizers.sh [thread|address]    (both when no argument)
#
# Each sanitizer builds into its own folder (.build-tsan, .build-asan). AddressSanitizer runs with
# detect_stack_use_after_return=0 so that locals live on the real stack, where the engine's stack
# guard can measure it; leaks found in the toolchain's libraries are suppressed by
# Scripts/lsan-suppressions.txt.
set -euo pipefail
cd "$(dirname "$0")/.."

which=${1:-both}
run() {
    local sanitizer=$1 folder=$2
    echo "== swift test --sanitize=$sanitizer" >&2
    swift build --build-tests --sanitize="$sanitizer" --scratch-path "$folder"
    swift test --skip-build --sanitize="$sanitizer" --scratch-path "$folder"
}

if [[ "$which" == thread || "$which" == both ]]; then
    TSAN_OPTIONS="halt_on_error=1 ${TSAN_OPTIONS:-}" run thread .build-tsan
fi
if [[ "$which" == address || "$which" == both ]]; then
    ASAN_OPTIONS="detect_stack_use_after_return=0 detect_leaks=1 ${ASAN_OPTIONS:-}" \
    LSAN_OPTIONS="suppressions=$PWD/Scripts/lsan-suppressions.txt ${LSAN_OPTIONS:-}" \
        run address .build-asan
fi
echo "Sanitizer runs passed." >&2
