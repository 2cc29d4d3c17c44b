#!/usr/bin/env python3
"""Fails when a library file declares more than one type, or a type in a file not named for it.

Docs/Architecture.md's rule: one type per file, in `Type.swift`; beside it only what that file alone
uses (`private` and `fileprivate` types) and extensions. Types nested in the file's type are part of
it. A file of extensions (`BaseModel+Streams.swift`) or of functions declares no type.

    python3 -B Scripts/Checks/files.py [SOURCES…]     (default: the library's two targets)
"""
import os
import re
import sys

from sources import report, strip, swift_files

MODIFIERS = r"(?:(?:@\w+(?:\([^)]*\))?|public|open|internal|package|final|indirect)\s+)*"
# A declaration at the top level: it starts a line, outside every brace.
TYPE = re.compile(r"^" + MODIFIERS + r"(?:class|struct|enum|protocol|actor)\s+([A-Za-z_]\w*)")


def top_level_types(text):
    """The names of the types a file declares at its top level, other than private ones."""
    names, depth = [], 0
    for line in strip(text).split("\n"):
        if depth == 0:
            match = TYPE.match(line)
            if match:
                names.append(match.group(1))
        depth += line.count("{") - line.count("}")
    return names


def check(root):
    problems = []
    for path, text in sorted(swift_files(root)):
        names = top_level_types(text)
        base = os.path.basename(path)[:-len(".swift")]
        if len(names) > 1:
            problems.append(f"{path}: declares {len(names)} types ({', '.join(names)}); one type per file")
        elif names and names[0] != base:
            problems.append(f"{path}: declares `{names[0]}`; a type's file is named for it ({names[0]}.swift)")
    return problems


def main():
    problems = [problem for root in sys.argv[1:] or ["Sources/BaseModelKitJSON", "Sources/BaseModelKit"]
                for problem in check(root)]
    return report(problems,
                  f"{len(problems)} file(s) break the one-type-per-file rule; see Docs/Architecture.md.",
                  "Files: one type per file, each named for its type.")


if __name__ == "__main__":
    sys.exit(main())
