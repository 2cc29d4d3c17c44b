#!/usr/bin/env python3
"""Fails when unsafe code stands without a comment that says why it is sound.

Unsafe code here is a use of a pointer type or an unchecked operation: `Unsafe…Pointer` and
`Unsafe…BufferPointer`, `withUnsafe…`, `unsafeBitCast`, `unsafeDowncast`, `Unmanaged`,
`assumingMemoryBound`, `bindMemory`, `@_silgen_name`, `unsafeAddress`. Each line that has one needs a
comment with the word "sound" (a sentence of why it is sound) on that line or in the comments just
above it — the comment block of the enclosing declaration counts, up to LOOKBACK lines back.

    python3 -B Scripts/Checks/soundness.py [FOLDER ...]     (default: Sources)
"""
import re
import sys

from sources import report, swift_files

UNSAFE = re.compile(r"\bUnsafe\w*Pointer\b|\bwithUnsafe\w+|\bunsafeBitCast\b|\bunsafeDowncast\b|"
                    r"\bUnmanaged\b|\bassumingMemoryBound\b|\bbindMemory\b|@_silgen_name|\bunsafeAddress\b")
LOOKBACK = 40


def code_part(line):
    """The line without a trailing `//` comment (string contents are not special-cased)."""
    index = line.find("//")
    return line if index < 0 else line[:index]


def main():
    roots = sys.argv[1:] or ["Sources"]
    problems, uses = [], 0
    for root in roots:
        for path, text in swift_files(root):
            lines = text.split("\n")
            for number, line in enumerate(lines):
                if not UNSAFE.search(code_part(line)):
                    continue
                uses += 1
                window = lines[max(0, number - LOOKBACK):number + 1]
                comments = [l for l in window if "//" in l]
                if not any(re.search(r"\bsound", c, re.I) for c in comments):
                    problems.append(f"{path}:{number + 1}: unsafe code without a comment that says why it is sound")
    return report(problems,
                  f"{len(problems)} of {uses} unsafe uses lack a soundness comment.",
                  f"Soundness comments: {uses} unsafe uses, each with a comment that says why it is sound.")

if __name__ == "__main__":
    sys.exit(main())
