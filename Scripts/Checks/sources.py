"""What the checks in this folder share: the Swift files under a folder, and how a check reports."""
import os
import re
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


def strip(source, blank=False):
    """The source with comments, string literals and regex literals blanked (line breaks kept). The
    code inside a string's interpolations (`"\\(value)"`) is kept, itself stripped: it names things
    like any other code. With `blank`, what is blanked becomes spaces of its length, so that each
    offset of the result is the source's (a literal's code stays where it stands)."""
    out, i, n = [], 0, len(source)
    while i < n:
        if source.startswith("//", i):
            j = source.find("\n", i)
            j = n if j < 0 else j
            out.append(_gap(source[i:j]) if blank else "")
            i = j
        elif source.startswith("/*", i):
            j = source.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append(_gap(source[i:j]) if blank else "\n" * source.count("\n", i, j))
            i = j
        elif source[i] == '"' or (source[i] == "#" and source[i:].lstrip("#").startswith('"')):
            i = _string(source, i, out, blank)
        else:
            out.append(source[i])
            i += 1
    return "".join(out)


def _gap(text):
    """`text` as spaces, its line breaks kept."""
    return re.sub(r"[^\n]", " ", text)


def _string(source, i, out, blank=False):
    """Blanks the string literal starting at `i` into `out` as `""`, its interpolations' code kept
    where it stands, on its own lines (so a name in one is placed at its line, in a multiline literal
    too), and its line breaks kept; returns the index after the literal. With `blank`, as spaces of
    the literal's length, the interpolations' code at its offsets."""
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
    pieces = [] if blank else ['""']
    # Where the part of the literal not yet in `pieces` starts (with `blank`).
    last = i
    while j < n:
        if source.startswith(closing, j):
            j += len(closing)
            break
        if source[j] == "\n":
            if not multiline:
                break
            if not blank:
                pieces.append("\n")
        if source.startswith(escape, j):
            k = j + len(escape)
            if k < n and source[k] == "(":
                end = _interpolation_end(source, k)
                if blank:
                    pieces += [_gap(source[last:k + 1]), strip(source[k + 1:end], blank=True)]
                    last = end
                else:
                    pieces.append(" " + strip(source[k + 1:end]) + " ")
                j = end + 1
                continue
            j = k + 1
            continue
        j += 1
    if blank:
        pieces.append(_gap(source[last:j]))
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
