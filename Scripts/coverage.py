#!/usr/bin/env python3
"""Lists what the test suite never runs in the library.

    swift test --enable-code-coverage
    python3 Scripts/coverage.py [--all]

Reads the coverage export `swift test` writes (the path `swift test --show-codecov-path` prints) and
prints, for Sources/BaseModelKit and Sources/BaseModelKitJSON, the files with regions the suite never
entered (most first) and each function it never called, by file and line. A function that no test
reaches is either untested behaviour (write the test) or a path nothing can reach (remove it): the
tests this list led to are in the commits that name a coverage run. `--all` lists the files whose
every region ran too.
"""
import collections
import json
import os
import subprocess
import sys


def export_path():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    path = subprocess.run(["swift", "test", "--show-codecov-path"], cwd=root, capture_output=True, text=True).stdout.strip()
    if not path or not os.path.exists(path):
        sys.exit("No coverage export: run `swift test --enable-code-coverage` first.")
    return root, path


def demangled(names):
    """The readable names of mangled Swift symbols, in order (unchanged where swift-demangle is missing)."""
    try:
        out = subprocess.run(["swift", "demangle", "--compact"], input="\n".join(names), capture_output=True, text=True).stdout
        lines = out.splitlines()
        return lines if len(lines) == len(names) else names
    except OSError:
        return names


def main():
    root, path = export_path()
    library = [os.path.join(root, "Sources", name) + os.sep for name in ("BaseModelKit", "BaseModelKitJSON")]
    data = json.load(open(path))["data"][0]

    def relative(file):
        return os.path.relpath(file, root)

    files = []
    for entry in data["files"]:
        if any(entry["filename"].startswith(prefix) for prefix in library):
            regions = entry["summary"]["regions"]
            files.append((regions["count"] - regions["covered"], regions["count"], relative(entry["filename"])))
    print("Regions never entered, by file:")
    for missed, count, name in sorted(files, reverse=True):
        if missed or "--all" in sys.argv:
            print(f"  {missed:4} of {count:5}  {name}")

    # A function counts as run when any of its instantiations ran (generic code has several).
    ran = set()
    never = {}
    for function in data["functions"]:
        file = function["filenames"][0]
        if not any(file.startswith(prefix) for prefix in library):
            continue
        start = function["regions"][0]
        place = (relative(file), start[0], start[2])
        if function["count"]:
            ran.add(place)
        else:
            never.setdefault(place, function["name"].split(":")[-1])
    places = sorted(place for place in never if place not in ran)
    names = demangled([never[place] for place in places])
    by_file = collections.defaultdict(list)
    for (file, first, last), name in zip(places, names):
        by_file[file].append((first, last, name))
    print(f"\nFunctions never called ({len(places)}):")
    for file in sorted(by_file):
        print(f"  {file}")
        for first, last, name in by_file[file]:
            print(f"    {first}-{last}  {name[:140]}")


if __name__ == "__main__":
    main()
