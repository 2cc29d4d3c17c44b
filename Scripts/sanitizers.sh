#!/usr/bin/env bash
# Runs the whole test suite under ThreadSanitizer and under AddressSanitizer (with LeakSanitizer).
#
#     Scripts/sanitizers.sh [thread|address]    (both when no argument)
#
# Each sanitizer builds into its own folder (.build-tsan, .build-asan). The ThreadSanitizer build
# defines BASEMODELKIT_THREAD_SANITIZER, so that the engine tells the sanitizer about the model fields
# it reads and writes through pointers (Runtime/FieldHandle.swift); a probe then proves that the
# sanitizer sees a race between the engine and a direct write. AddressSanitizer runs with
# detect_stack_use_after_return=0 so that locals live on the real stack, where the engine's stack
# guard can measure it; leaks found in the toolchain's libraries are suppressed by
# Scripts/lsan-suppressions.txt.
set -euo pipefail
cd "$(dirname "$0")/.."

which=${1:-both}
run() {
    local sanitizer=$1 folder=$2
    shift 2
    echo "== swift test --sanitize=$sanitizer $*" >&2
    swift build --build-tests --sanitize="$sanitizer" --scratch-path "$folder" "$@"
    swift test --skip-build --sanitize="$sanitizer" --scratch-path "$folder" "$@"
}

# Builds Scripts/Sanitizers/FieldRaceProbe.swift against the library under ThreadSanitizer and checks
# how many races the sanitizer reports in each mode.
field_race_probe() {
    local out=.build-tsan-probe
    # Made anew: `-emit-library -static` adds to an archive already there, and an earlier run's
    # objects then define the same symbols twice.
    rm -rf "$out"
    mkdir -p "$out"
    echo "== ThreadSanitizer sees the engine's field writes" >&2
    Scripts/build-library.sh "$out" "-DBASEMODELKIT_THREAD_SANITIZER -Onone -g -sanitize=thread" "-g -fsanitize=thread"
    swiftc -Onone -g -sanitize=thread -swift-version 6 -parse-as-library -I "$out" \
        -I Sources/CBaseModelKitAtomics/include -L "$out" -lBaseModelKit -lBaseModelKitJSON \
        -o "$out/probe" Scripts/Sanitizers/FieldRaceProbe.swift
    local engine direct updates
    engine=$(TSAN_OPTIONS=halt_on_error=0 "$out/probe" engine 2>&1 | grep -c "WARNING: ThreadSanitizer" || true)
    direct=$(TSAN_OPTIONS=halt_on_error=0 "$out/probe" direct 2>&1 | grep -c "WARNING: ThreadSanitizer" || true)
    updates=$(TSAN_OPTIONS=halt_on_error=0 "$out/probe" updates 2>&1 | grep -c "WARNING: ThreadSanitizer" || true)
    echo "Races reported: engine vs direct write $engine, direct vs direct $direct, engine vs engine $updates" >&2
    if [[ "$engine" -lt 1 || "$direct" -lt 1 || "$updates" -ne 0 ]]; then
        echo "ThreadSanitizer does not see the engine's field accesses as expected." >&2
        exit 1
    fi
}

if [[ "$which" == thread || "$which" == both ]]; then
    TSAN_OPTIONS="halt_on_error=1 ${TSAN_OPTIONS:-}" run thread .build-tsan -Xswiftc -DBASEMODELKIT_THREAD_SANITIZER
    field_race_probe
fi
if [[ "$which" == address || "$which" == both ]]; then
    ASAN_OPTIONS="detect_stack_use_after_return=0 detect_leaks=1 ${ASAN_OPTIONS:-}" \
    LSAN_OPTIONS="suppressions=$PWD/Scripts/lsan-suppressions.txt ${LSAN_OPTIONS:-}" \
        run address .build-asan
fi
echo "Sanitizer runs passed." >&2
