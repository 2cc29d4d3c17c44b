#!/usr/bin/env python3
"""Fails when a library file names something declared in a higher layer.

The layers of Sources/BaseModelKit, lowest first, are the folders in RANKS below (Docs/Architecture.md
explains them); files directly in Sources/BaseModelKit and in Routing/ are the public surface, the top.
A file may use what its own layer and the layers below it declare. The check collects every type,
top-level function and member (func, var, let, case) declared in each layer, then reads each file with
comments and string literals removed: a type or top-level function named there that only higher
layers declare is a reference that goes up the layers. So is a member used after a dot that a higher
layer adds to a lower layer's type in an extension (`extension DecodingSession { func … }` in Engine/,
called from Schema/), unless some layer the file may use declares a member of that name too: the
check never flags a shared name such as `decode`. It is a net for the dependencies the compiler does
not stop within one module.

    python3 -B Scripts/Checks/layering.py [SOURCES]     (default: Sources/BaseModelKit)
"""
import os
import re
import sys

from sources import report, strip, swift_files

# Options/, Session/ and Coercion/ are one layer in three rooms: a transformer is both an option and
# a coder, and the session carries the options to every coder.
RANKS = {"Support": 0, "JSON": 1, "Runtime": 2, "Errors": 3,
         "Options": 4, "Session": 4, "Coercion": 4, "Schema": 5, "Engine": 6}
SURFACE = 7
# `BaseModel.swift` is the public surface, but the class it declares is what Schema/ and Engine/ work
# for (they call its hooks): its name is available from Schema/ up, and so is `ChangeSet.swift`'s, the
# type of the `didUpdate(_:)` hook (the schema detects which hooks a class overrides). Runtime/ and
# below know no model.
DECLARED_AT = {"BaseModel.swift": RANKS["Schema"], "ChangeSet.swift": RANKS["Schema"]}

TYPE = re.compile(r"^(?:[a-z@][\w()]*\s+)*(?:class|struct|enum|protocol|actor|typealias)\s+([A-Za-z_]\w*)", re.M)
TOP_FUNC = re.compile(r"^(?:[a-z@][\w()]*\s+)*func\s+([A-Za-z_]\w*)", re.M)
MEMBER = re.compile(r"^\s+(?:[a-z@][\w()]*\s+)*(?:func|var|let|case)\s+([A-Za-z_]\w*)", re.M)
IDENT = re.compile(r"(\.)?\b([A-Za-z_]\w*)\b")


EXTENSION = re.compile(r"^(?:[a-z@][\w()]*\s+)*extension\s+([A-Za-z_]\w*)[^{]*\{", re.M)


def extensions(text):
    """(extended type, body) of each top-level extension."""
    for match in EXTENSION.finditer(text):
        depth, i = 1, match.end()
        while i < len(text) and depth:
            depth += {"{": 1, "}": -1}.get(text[i], 0)
            i += 1
        yield match.group(1), text[match.end():i]


def without_upward_extensions(text, types, rank):
    """`text` without the bodies of extensions of lower layers' types."""
    for extended, body in extensions(text):
        if extended in types and min(types[extended]) < rank:
            text = text.replace(body, "")
    return text


def rank_of(relative):
    first = relative.split(os.sep)[0]
    if first in RANKS and os.sep in relative:
        return RANKS[first], first
    return SURFACE, "the public surface"


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else "Sources/BaseModelKit"
    files = {os.path.relpath(path, root): strip(text) for path, text in swift_files(root)}

    types, members, lifted = {}, {}, {}
    for relative, text in files.items():
        rank, _ = rank_of(relative)
        for match in list(TYPE.finditer(text)) + list(TOP_FUNC.finditer(text)):
            if not re.search(r"\b(private|fileprivate)\b", match.group(0)):
                types.setdefault(match.group(1), set()).add(DECLARED_AT.get(relative, rank))
    for relative, text in files.items():
        rank, _ = rank_of(relative)
        for extended, body in extensions(text):
            if extended in types and min(types[extended]) < rank:
                for name in MEMBER.findall(body):
                    # (the extension's rank, the extended type's rank)
                    lifted.setdefault(name, set()).add((rank, min(types[extended])))
        for name in MEMBER.findall(without_upward_extensions(text, types, rank)):
            members.setdefault(name, set()).add(rank)

    problems = []
    for relative, text in sorted(files.items()):
        rank, layer = rank_of(relative)
        for number, line in enumerate(text.split("\n"), 1):
            for dot, name in IDENT.findall(line):
                if dot:
                    # Only a file that sees the extended type but not the extension is concerned.
                    declared = {lift for lift, typed in lifted.get(name, ()) if typed <= rank < lift}
                    if declared and min(members.get(name, {SURFACE + 1})) <= rank:
                        declared = None
                else:
                    declared = types.get(name)
                if declared and min(declared) > rank:
                    owner = min(declared)
                    owner_name = "/".join(k for k, v in RANKS.items() if v == owner) or "the public surface"
                    problems.append(f"{os.path.join(root, relative)}:{number}: {layer} uses "
                                    f"`{name}`, declared only in {owner_name} or above")
    return report(problems,
                  f"{len(problems)} reference(s) go up the layers; see Docs/Architecture.md.",
                  f"Layering: {len(files)} files, no reference goes up the layers.")


if __name__ == "__main__":
    sys.exit(main())
