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
    """The source with comments, string literals and regex literals blanked (line breaks kept). The
    code inside a string's interpolations (`"\\(value)"`) is kept, itself stripped: it names things
    like any other code."""
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
        elif source[i] == '"' or (source[i] == "#" and source[i:].lstrip("#").startswith('"')):
            i = _string(source, i, out)
        else:
            out.append(source[i])
            i += 1
    return "".join(out)


def _string(source, i, out):
    """Blanks the string literal starting at `i` into `out` as `""`, its interpolations' code kept
    where it stands, on its own lines (so a name in one is placed at its line, in a multiline literal
    too), and its line breaks kept; returns the index after the literal."""
    n = len(source)
    hashes = 0
    while source[i + hashes] == "#":
        hashes += 1
    j = i + hashes
    multiline = source.startswith('"""', j)
    quote = '"""' if multiline else '"'
    closing = quote + "#" * hashes
    escape = "\\" + "#" * hashes
    j += len(quote)
    pieces = ['""']
    while j < n:
        if source.startswith(closing, j):
            j += len(closing)
            break
        if source[j] == "\n":
            if not multiline:
                break
            pieces.append("\n")
        if source.startswith(escape, j):
            k = j + len(escape)
            if k < n and source[k] == "(":
                end = _interpolation_end(source, k)
                pieces.append(" " + strip(source[k + 1:end]) + " ")
                j = end + 1
                continue
            j = k + 1
            continue
        j += 1
    out.append("".join(pieces))
    return j


def _interpolation_end(source, opening):
    """The index of the `)` that closes the interpolation whose `(` is at `opening`."""
    depth, j, n = 0, opening, len(source)
    while j < n:
        char = source[j]
        if char == '"' or (char == "#" and source[j:].lstrip("#").startswith('"')):
            j = _string(source, j, [])
            continue
        if char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
            if depth == 0:
                return j
        j += 1
    return n
