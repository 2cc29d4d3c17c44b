"""What the checks in this folder share: the Swift files under a folder, and how a check reports."""
import os
import sys


def swift_files(root):
    """(path, text) of every Swift file under `root`, in a stable order."""
    for folder, folders, names in os.walk(root):
        folders.sort()
        for name in sorted(names):
            if name.endswith(".swift"):
                path = os.path.join(folder, name)
                with open(path, encoding="utf-8") as handle:
                    yield path, handle.read()


def report(problems, failure, success):
    """Prints each problem and `failure` (to standard error), or `success`; the exit status."""
    for problem in problems:
        print(problem)
    if problems:
        print(failure, file=sys.stderr)
        return 1
    print(success)
    return 0


def strip(source):
    """The source with comments, string literals and regex literals blanked (line breaks kept)."""
    out, i, n = [], 0, len(source)
    while i < n:
        if source.startswith("//", i):
            j = source.find("\n", i)
            i = n if j < 0 else j
        elif source.startswith("/*", i):
            j = source.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append("\n" * source.count("\n", i, j))
            i = j
        elif source.startswith('"""', i) or source.startswith('#"""', i):
            opening = '#"""' if source.startswith('#"""', i) else '"""'
            closing = '"""#' if opening == '#"""' else '"""'
            j = source.find(closing, i + len(opening))
            j = n if j < 0 else j + len(closing)
            out.append('""' + "\n" * source.count("\n", i, j))
            i = j
        elif source[i] == '"' or source.startswith('#"', i):
            raw = source[i] == "#"
            j = i + (2 if raw else 1)
            while j < n and source[j] != "\n":
                if not raw and source[j] == "\\":
                    j += 2
                    continue
                if source[j] == '"':
                    j += 1
                    if raw and j < n and source[j] == "#":
                        j += 1
                    break
                j += 1
            out.append('""')
            i = j
        else:
            out.append(source[i])
            i += 1
    return "".join(out)

