#!/usr/bin/env bash
# Builds the library outside SwiftPM, with the caller's flags, for the scripts that compile their own
# programs against it (fuzz.sh, sanitizers.sh, generator_probes.py):
#
#     Scripts/build-library.sh OUT "SWIFT FLAGS" "C FLAGS"
#
# leaves in OUT the modules BaseModelKitJSON and BaseModelKit, and the archives libBaseModelKit.a and
# libBaseModelKitJSON.a (the second with the C atomics); a program links both:
# `-I OUT -L OUT -lBaseModelKit -lBaseModelKitJSON`.
set -euo pipefail
cd "$(dirname "$0")/.."

out=$1
read -ra swift_flags <<< "$2"
read -ra c_flags <<< "$3"
mkdir -p "$out"
# Made anew: `-emit-library -static` adds to an archive already there, which kept the objects of
# source files since removed or renamed.
rm -f "$out/libBaseModelKit.a" "$out/libBaseModelKitJSON.a"
common=("${swift_flags[@]}" -swift-version 6 -parse-as-library -package-name BaseModelKit
        -I Sources/CBaseModelKitAtomics/include -I "$out" -emit-module -emit-library -static)
for module in BaseModelKitJSON BaseModelKit; do
    # shellcheck disable=SC2046
    swiftc "${common[@]}" -module-name "$module" -emit-module-path "$out/$module.swiftmodule" \
        -o "$out/lib$module.a" $(find "Sources/$module" -name '*.swift' | sort)
done
clang "${c_flags[@]}" -I Sources/CBaseModelKitAtomics/include -c Sources/CBaseModelKitAtomics/Atomics.c -o "$out/Atomics.o"
ar rcs "$out/libBaseModelKitJSON.a" "$out/Atomics.o"
