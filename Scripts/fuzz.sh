#!/usr/bin/env bash
# Builds one libFuzzer target against the library (with AddressSanitizer) and runs it.
#
#     Scripts/fuzz.sh parser|model|roundtrip|zoo|stream SECONDS [extra libFuzzer flags…]
#
# The library is compiled from Sources/BaseModelKitJSON and Sources/BaseModelKit (and its C atomics)
# with coverage instrumentation, by Scripts/build-library.sh; the target's harness is Scripts/Fuzz/<Name>Target.swift plus the shared models in
# Scripts/Fuzz/FuzzModels.swift. The zoo target adds the model classes Scripts/Fuzz/zoo.py generates
# (and seeds from their sample documents, plus the committed ones in Scripts/Fuzz/Seeds/zoo).
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
    zoo) harness=ZooTarget.swift ;;
    stream) harness=StreamTarget.swift ;;
    *) echo "usage: Scripts/fuzz.sh parser|model|roundtrip|zoo|stream SECONDS [libFuzzer flags…]" >&2; exit 2 ;;
esac
if ! [[ "$seconds" =~ ^[0-9]+$ ]]; then
    echo "usage: Scripts/fuzz.sh parser|model|roundtrip|zoo|stream SECONDS [libFuzzer flags…]" >&2
    exit 2
fi
shift 2

out=.build-fuzz
mkdir -p "$out/lib" "$out/corpus/$target"
flags=(-O -g -sanitize=fuzzer,address -swift-version 6 -I Sources/CBaseModelKitAtomics/include)

# The library, once per change of its sources.
stamp="$out/lib/sources.sha"
sources=$(find Sources/BaseModelKitJSON Sources/BaseModelKit -name '*.swift' | sort)
digest=$(cat $sources Sources/CBaseModelKitAtomics/*.c Sources/CBaseModelKitAtomics/include/* | sha256sum | cut -d' ' -f1)
if [[ ! -f "$stamp" || "$(cat "$stamp")" != "$digest" ]]; then
    echo "Building the instrumented library…" >&2
    Scripts/build-library.sh "$out/lib" "${flags[*]}" "-O1 -g -fsanitize=fuzzer-no-link,address"
    echo "$digest" > "$stamp"
fi

extra=()
seeds="Scripts/Fuzz/Seeds/$target"
if [[ "$target" == zoo ]]; then
    seeds="$out/seeds/zoo"
    rm -rf "$seeds" && mkdir -p "$seeds"
    python3 -B Scripts/Fuzz/zoo.py "$out/ZooModels.swift" "$seeds"
    # Inputs that once failed, kept beside the generated samples (zoo.py's classes are the same on
    # every run: it draws them from a fixed seed).
    cp Scripts/Fuzz/Seeds/zoo/* "$seeds/"
    extra=("$out/ZooModels.swift")
fi

echo "Building the $target target…" >&2
swiftc "${flags[@]}" -parse-as-library -I "$out/lib" -L "$out/lib" -lBaseModelKit -lBaseModelKitJSON \
    -o "$out/fuzz-$target" Scripts/Fuzz/FuzzModels.swift "${extra[@]}" "Scripts/Fuzz/$harness"

echo "Fuzzing $target for $seconds s…" >&2
# Leaks inside the toolchain's libraries are not the package's; they are listed in this file.
LSAN_OPTIONS="suppressions=$PWD/Scripts/lsan-suppressions.txt ${LSAN_OPTIONS:-}" \
"$out/fuzz-$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=4096 -max_len=65536 \
    -artifact_prefix="$out/$target-" -print_final_stats=1 "$@" \
    "$out/corpus/$target" "$seeds"
