#!/usr/bin/env python3
"""Fails when decoding or encoding the type zoo spends more than 1 % of its instructions in the Swift
runtime's generic-metadata, conformance and associated-type lookups.

Runs the release build of Benchmarks under callgrind (valgrind) on the type zoo's profile tasks
(`zoo-decode`, `zoo-encode`) and on `zoo-setup`, which does their set-up alone, and counts the
inclusive instructions of the runtime's entry points — `swift_getGenericMetadata` (the cache lookup
behind every generic type's metadata, including the standard library's prespecialised ones),
`swift_conformsToProtocol…` and `swift_getAssociatedTypeWitness` — in each task minus the set-up.
Every field type the schema admits is in the zoo, so a coder that falls off its specialised path
shows here (Docs/Performance.md, "The rules the code keeps", rule 2, says what keeps them off).

    swift build -c release --product Benchmarks
    python3 -B Scripts/lookups.py [--limit PERCENT] [--binary PATH]

It takes a few minutes (callgrind runs the binary about fifty times slower), so it is not part of
`.ci/run`; run it after touching the coders, the member loop or the collections.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

def profile(binary, task, folder):
    """Inclusive instructions per function of one task, and the total."""
    out = os.path.join(folder, task + ".out")
    # The zoo's tasks generate their feed and read no file; an empty one stands for it.
    unread = os.path.join(folder, "unread.json")
    open(unread, "w").close()
    env = dict(os.environ, SWIFT_DETERMINISTIC_HASHING="1")
    subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=" + out, binary, "--profile", task, unread],
                   env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    text = subprocess.run(["callgrind_annotate", "--inclusive=yes", "--threshold=100", out],
                          check=True, capture_output=True, text=True).stdout
    costs, total = {}, 0
    for line in text.splitlines():
        match = re.match(r"\s*([\d,]+) \([^)]*\)\s+(?:\*\s+)?\?\?\?:([^\s\[(]+)", line)
        if "PROGRAM TOTALS" in line:
            total = int(line.split()[0].replace(",", ""))
        elif match:
            name = match.group(2)
            costs.setdefault(name, int(match.group(1).replace(",", "")))
    return costs, total


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--limit", type=float, default=1.0, help="the largest share allowed, in percent")
    parser.add_argument("--binary", default=".build/release/Benchmarks")
    args = parser.parse_args()
    if not shutil.which("valgrind"):
        sys.exit("valgrind is not installed")
    folder = tempfile.mkdtemp()
    # A copy without debug information: valgrind cannot read the DWARF 5 of the C target.
    binary = os.path.join(folder, "Benchmarks")
    shutil.copy(args.binary, binary)
    subprocess.run(["strip", "--strip-debug", binary], check=True)
    setup, setup_total = profile(binary, "zoo-setup", folder)
    failed = False
    for task in ["zoo-decode", "zoo-encode"]:
        costs, total = profile(binary, task, folder)
        work = total - setup_total
        # Every metadata request ends in the cache lookup `_swift_getGenericMetadata`; the entry for
        # the standard library's prespecialised metadata adds a little around it: the larger counts.
        metadata = max(costs.get("_swift_getGenericMetadata", 0) - setup.get("_swift_getGenericMetadata", 0),
                       costs.get("__swift_instantiateCanonicalPrespecializedGenericMetadata", 0)
                       - setup.get("__swift_instantiateCanonicalPrespecializedGenericMetadata", 0))
        conformance = costs.get("swift_conformsToProtocolWithExecutionContext", 0) - setup.get("swift_conformsToProtocolWithExecutionContext", 0)
        associated = costs.get("swift_getAssociatedTypeWitness", 0) - setup.get("swift_getAssociatedTypeWitness", 0)
        lookups = max(metadata, 0) + max(conformance, 0) + max(associated, 0)
        share = 100.0 * lookups / work
        print(f"{task}: {work:,} instructions; generic metadata {metadata:,}, conformances {conformance:,}, "
              f"associated types {associated:,}: {share:.2f} % (limit {args.limit:.2f} %)")
        failed = failed or share > args.limit
    shutil.rmtree(folder)
    if failed:
        sys.exit("Runtime lookups above the limit: profile the task (Docs/Performance.md) to find the coder.")


if __name__ == "__main__":
    main()
