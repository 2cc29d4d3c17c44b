#!/usr/bin/env python3
"""Fails when a Swift example in the README or in Docs/ is not code that a test compiles.

Every ```swift block of README.md and Docs/*.md must appear, line for line (leading and trailing
spaces, blank lines and `import` lines aside), as consecutive lines of a Swift file under Tests/ — so
the test build compiles the example, and a doc cannot drift from the code. A block that is not Swift
the tests can hold (a `Package.swift` manifest) is preceded by an HTML comment
`<!-- example not compiled: REASON -->` and is listed, not checked.

    python3 -B Scripts/Checks/examples.py
"""
import glob
import re
import sys

from sources import report, swift_files

BLOCK = re.compile(r"(<!-- example not compiled: ([^>]*) -->\s*)?```swift\n(.*?)```", re.S)


def normalized(text):
    lines = [line.strip() for line in text.split("\n")]
    return [line for line in lines if line and not line.startswith("import ")]


def contains(haystack, needle):
    if not needle:
        return True
    first = needle[0]
    for start, line in enumerate(haystack):
        if line == first and haystack[start:start + len(needle)] == needle:
            return True
    return False


def main():
    tests = [(path, normalized(text)) for path, text in swift_files("Tests")]
    problems, compiled, skipped = [], 0, []
    for doc in ["README.md"] + sorted(glob.glob("Docs/*.md")):
        with open(doc, encoding="utf-8") as handle:
            text = handle.read()
        for match in BLOCK.finditer(text):
            line = text.count("\n", 0, match.start(3))
            if match.group(1):
                skipped.append("%s:%d (%s)" % (doc, line, match.group(2).strip()))
                continue
            block = normalized(match.group(3))
            if any(contains(lines, block) for _, lines in tests):
                compiled += 1
            else:
                problems.append("%s:%d: this example is not in any test file under Tests/ (first line: %s)"
                                % (doc, line, block[0] if block else "empty"))
    for entry in skipped:
        print("not compiled, by its note: " + entry)
    return report(problems,
                  "%d examples are not compiled by any test." % len(problems),
                  "Examples: %d Swift blocks in README.md and Docs/ are compiled by the tests; %d marked as not Swift the tests can hold."
                  % (compiled, len(skipped)))


if __name__ == "__main__":
    sys.exit(main())
