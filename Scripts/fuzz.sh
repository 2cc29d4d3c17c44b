#!/usr/bin/env bash
# Builds one libFuzzer target against the library (with AddressSanitizer) and runs it.
#
#     Scripts/fuzz.sh parser|model|roundtrip SECONDS [extra libFuzzer flags…]
#
# The library is compiled from Sources/BaseModelKit with coverage instrumentation; the target's
# harness is Scripts/Fuzz/<Name>Target.swift plus the shared models in Scripts/Fuzz/FuzzModels.swift.
# It starts from the committed seeds in Scripts/Fuzz/Seeds/TARGET and grows a working corpus in
# .build-fuzz/corpus/TARGET (not committed). A crash leaves its input in .build-fuzz/ and exits non-zero.
set -euo pipefail
cd "$(dirname "$0")/.."

target=${1:-}
seconds=${2:-}
case "$target" in
    parser) harness=ParserTarget.swift ;;
    model) harness=ModelTarget.swift ;;
    roundtrip) harness=RoundTripTarget.swift ;;
    *) echo "usage: Scripts/fuzz.sh parser|model|roundtrip SECONDS [libFuzzer flags…]" >&2; exit 2 ;;
esac
if ! [[ "$seconds" =~ ^[0-9]+$ ]]; then
    echo "usage: Scripts/fuzz.sh parser|model|roundtrip SECONDS [libFuzzer flags…]" >&2
    exit 2
fi
shift 2

out=.build-fuzz
mkdir -p "$out/lib" "$out/corpus/$target"
flags=(-O -g -sanitize=fuzzer,address -swift-version 6)

# The library, once per change of its sources.
stamp="$out/lib/sources.sha"
sources=$(find Sources/BaseModelKit -name '*.swift' | sort)
digest=$(cat $sources | sha256sum | cut -d' ' -f1)
if [[ ! -f "$stamp" || "$(cat "$stamp")" != "$digest" ]]; then
    echo "Building the instrumented library…" >&2
    # shellcheck disable=SC2086
    swiftc "${flags[@]}" -parse-as-library -module-name BaseModelKit -emit-module \
        -emit-module-path "$out/lib/BaseModelKit.swiftmodule" -emit-library -static \
        -o "$out/lib/libBaseModelKit.a" $sources
    echo "$digest" > "$stamp"
fi

echo "Building the $target target…" >&2
swiftc "${flags[@]}" -parse-as-library -I "$out/lib" -L "$out/lib" -lBaseModelKit \
    -o "$out/fuzz-$target" Scripts/Fuzz/FuzzModels.swift "Scripts/Fuzz/$harness"

echo "Fuzzing $target for $seconds s…" >&2
# Leaks inside the toolchain's libraries are not the package's; they are listed in this file.
LSAN_OPTIONS="suppressions=$PWD/Scripts/lsan-suppressions.txt ${LSAN_OPTIONS:-}" \
"$out/fuzz-$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=4096 -max_len=65536 \
    -artifact_prefix="$out/$target-" -print_final_stats=1 "$@" \
    "$out/corpus/$target" "Scripts/Fuzz/Seeds/$target"
