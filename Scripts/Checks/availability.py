#!/usr/bin/env python3
"""Fails when the package uses an API that Apple platforms at its declared floor do not have.

The floor is the `platforms:` list in Package.swift. What each API requires comes from the toolchain:
the Apple `@available` annotations the standard library, _Concurrency, Synchronization, Dispatch and
Foundation (FoundationEssentials, FoundationInternationalization) and Observation carry in their modules. The
Linux toolchain ships those annotations — in `.swiftinterface` text for the standard library,
_Concurrency, Synchronization and Observation, and only in binary `.swiftmodule`s for Foundation — so the check
asks the compiler for them all the same way: `swift symbolgraph-extract` writes each module's public
declarations with their availability (cached under .build/availability, per toolchain).

A name is above the floor when every public declaration of that name in those modules is introduced
after the floor on some Apple platform (a name that also has an older overload, like `withLock` or
`formatted`, is not decided by name alone and is left out), and the package declares no such name
itself (as a type, member, tuple label or parameter). Each use of such a name in the Swift files of Sources/ and Tests/ (comments and strings
removed) fails the check, unless it stands inside an `if #available(…)` block, after a
`guard #available(…)` in its block, or in a declaration marked `@available(…)`.

    python3 -B Scripts/Checks/availability.py [FOLDER ...]     (default: Sources Tests)
"""
import glob
import json
import os
import re
import subprocess
import sys

from sources import report, strip, swift_files

MODULES = ["Dispatch", "Foundation", "FoundationEssentials", "FoundationInternationalization"]
PLATFORMS = {"macOS": "macOS", "iOS": "iOS", "tvOS": "tvOS", "watchOS": "watchOS"}
CACHE = ".build/availability"

IDENT = re.compile(r"\b([A-Za-z_]\w*)\b")
DECLARED = re.compile(r"\b(?:class|struct|enum|protocol|actor|typealias|func|var|let|case)\s+([A-Za-z_]\w*)")
# Labels of tuple elements and parameters, `(order: Int, …)`: `.order` then names the package's own.
LABEL = re.compile(r"[(,]\s*([A-Za-z_]\w*)\s*:")


def version(text):
    return tuple(int(part) for part in text.split("."))


def floor():
    """{platform: version} from Package.swift's `platforms:`."""
    with open("Package.swift", encoding="utf-8") as handle:
        text = handle.read()
    found = {name: version(v) for name, v in re.findall(r"\.(macOS|iOS|tvOS|watchOS)\(\"([\d.]+)\"\)", text)}
    if set(found) != set(PLATFORMS):
        sys.exit("Package.swift must declare macOS, iOS, tvOS and watchOS floors; found %s" % sorted(found))
    return found


def toolchain_id():
    return subprocess.run(["swift", "--version"], capture_output=True, text=True).stdout.strip()


def symbol_graphs():
    """The symbol graph files of MODULES, extracted once per toolchain."""
    target = re.search(r"Target: (\S+)", toolchain_id())
    target = target.group(1) if target else "x86_64-unknown-linux-gnu"
    stamp = os.path.join(CACHE, "toolchain.txt")
    if not os.path.exists(stamp) or open(stamp).read() != toolchain_id():
        os.makedirs(CACHE, exist_ok=True)
        for old in glob.glob(os.path.join(CACHE, "*.json")):
            os.remove(old)
        for module in MODULES:
            result = subprocess.run(["swift", "symbolgraph-extract", "-module-name", module, "-target", target,
                                     "-output-dir", CACHE, "-minimum-access-level", "public"],
                                    capture_output=True, text=True)
            if result.returncode != 0:
                sys.exit("symbolgraph-extract failed for %s:\n%s" % (module, result.stderr))
        with open(stamp, "w") as handle:
            handle.write(toolchain_id())
    return sorted(glob.glob(os.path.join(CACHE, "*.symbols.json")))


INTERFACE_MODULES = ["Swift", "_Concurrency", "Synchronization", "Observation"]
DECLARATION = re.compile(r"\b(class|struct|enum|protocol|actor|typealias|func|var|let|case|extension)\s+([A-Za-z_][\w.]*)")
VERSION = re.compile(r"\b(macOS|iOS|tvOS|watchOS)\s+([\d.]+)")


def interface_symbols(floor3):
    """(path components, name, why above the floor or None) for the declarations in the toolchain's
    `.swiftinterface` files of INTERFACE_MODULES (the symbol graph leaves out underscored modules
    such as _Concurrency). An `@available` on a type or extension applies to its members."""
    result = []
    resource = subprocess.run(["swift", "-print-target-info"], capture_output=True, text=True).stdout
    paths = json.loads(resource)["paths"]["runtimeResourcePath"] if resource else ""
    for module in INTERFACE_MODULES:
        found = glob.glob(os.path.join(paths, "linux", module + ".swiftmodule", "*-linux-gnu.swiftinterface"))
        if not found:
            continue
        stack = []   # (container path, why) per open brace; None for braces that are not containers
        pending = []
        with open(found[0], encoding="utf-8") as handle:
            for line in handle:
                text = line.strip()
                if text.startswith("@available("):
                    pending.append(text)
                    continue
                match = DECLARATION.search(text) if not text.startswith("//") else None
                container = next((entry for entry in reversed(stack) if entry), None)
                if match:
                    why = None
                    for attribute in pending:
                        for platform, number in VERSION.findall(attribute):
                            if version(number) + (0,) * (3 - len(version(number))) > floor3[platform]:
                                why = "%s needs %s %s" % (match.group(2), platform, number.removesuffix(".0"))
                                break
                    if why is None and container:
                        why = container[1]
                    name = match.group(2).split(".")[-1]
                    components = (container[0] if container else []) + [name]
                    if match.group(1) != "extension":
                        result.append((components, name, why))
                    pending = []
                    if text.endswith("{") or "{" in text:
                        kind = match.group(1)
                        path = match.group(2).split(".") if kind == "extension" else components
                        stack.append((path, why) if kind in ("class", "struct", "enum", "protocol", "actor", "extension") else None)
                        text = text[text.index("{") + 1:]
                elif not text.startswith("@"):
                    pending = []
                for char in text:
                    if char == "{":
                        stack.append(None)
                    elif char == "}" and stack:
                        stack.pop()
    return result


KEYWORDS = {"true", "false", "nil", "self", "Self", "init", "deinit", "super", "some", "any", "in", "is", "as",
            "try", "throws", "return", "default", "case", "let", "var", "func", "static", "where", "subscript"}


def requirements(minimum):
    """Names above the floor: ({type or function name: why}, {member name: why}).

    A member added to an older type (`String.firstRange(of:)`) is matched after a dot; a member of a
    type that is itself above the floor is left to the type's name."""
    floor3 = {platform: v + (0,) * (3 - len(v)) for platform, v in minimum.items()}
    symbols = interface_symbols(floor3)
    for path in symbol_graphs():
        with open(path, encoding="utf-8") as handle:
            graph = json.load(handle)
        for symbol in graph.get("symbols", []):
            components = symbol.get("pathComponents", [])
            name = components[-1].split("(")[0].split("<")[0].strip() if components else ""
            if not components or not re.match(r"^[A-Za-z_]\w*$", name) or name in KEYWORDS:
                continue
            above = None
            for entry in symbol.get("availability", []):
                platform = PLATFORMS.get(entry.get("domain"))
                introduced = entry.get("introduced")
                if platform and introduced:
                    needed = (introduced.get("major", 0), introduced.get("minor", 0), introduced.get("patch", 0))
                    if needed > floor3[platform]:
                        above = "%s needs %s %s" % (".".join(components), platform,
                                                    ".".join(str(n) for n in needed).removesuffix(".0"))
                        break
            symbols.append((components, name, above))
    above_paths = {tuple(c) for c, _, above in symbols if above}
    top, members, at_floor = {}, {}, set()
    for components, name, above in symbols:
        if not above:
            at_floor.add(name)
        elif len(components) == 1:
            top.setdefault(name, above)
        elif tuple(components[:-1]) not in above_paths:
            members.setdefault(name, above)
    return ({n: why for n, why in top.items() if n not in at_floor},
            {n: why for n, why in members.items() if n not in at_floor})


def guarded_lines(text):
    """Line numbers (1-based) inside an `if #available` block or an `@available(…)` declaration."""
    guarded, stack, line = set(), [], 1
    pending = False  # an `@available(` or `#available(` seen and its block not opened yet
    depth_guard = []  # for each open brace, whether it is guarded
    for index, char in enumerate(text):
        if text.startswith("guard #available(", index) and depth_guard:
            # `guard #available(…) else { … }` refines the rest of the enclosing block.
            depth_guard[-1] = True
        if text.startswith("#available(", index) or text.startswith("@available(", index):
            pending = True
        if char == "{":
            depth_guard.append(pending or (depth_guard[-1] if depth_guard else False))
            pending = False
        elif char == "}":
            if depth_guard:
                depth_guard.pop()
        elif char == "\n":
            line += 1
        if depth_guard and depth_guard[-1]:
            guarded.add(line)
    return guarded


def main():
    roots = sys.argv[1:] or ["Sources", "Tests"]
    minimum = floor()
    files = [(path, strip(text)) for root in roots for path, text in swift_files(root)]
    own = {name for _, text in files for pattern in (DECLARED, LABEL) for name in pattern.findall(text)}
    top, members = requirements(minimum)
    top = {name: why for name, why in top.items() if name not in own}
    members = {name: why for name, why in members.items() if name not in own}
    problems, uses = [], 0
    for path, text in files:
        guarded = guarded_lines(text)
        for number, line in enumerate(text.split("\n"), start=1):
            if line.lstrip().startswith("import "):
                module = line.split()[-1]
                if module == "Synchronization" and number not in guarded:
                    problems.append("%s:%d: imports Synchronization, whose every declaration needs macOS 15 / iOS 18" % (path, number))
                continue
            for match in IDENT.finditer(line):
                name = match.group(1)
                after_dot = match.start() > 0 and line[match.start() - 1] == "."
                why = members.get(name) if after_dot else top.get(name)
                if why:
                    uses += 1
                    if number not in guarded:
                        problems.append("%s:%d: `%s` is above the floor: %s" % (path, number, name, why))
    floors = ", ".join("%s %s" % (p, ".".join(map(str, v))) for p, v in sorted(minimum.items()))
    return report(problems,
                  "%d uses of API above the platform floor (%s) outside `if #available`/`@available`." % (len(problems), floors),
                  "Availability: %d files, no API above the floor (%s) outside a guard; %d names checked."
                  % (len(files), floors, len(top) + len(members)))


if __name__ == "__main__":
    sys.exit(main())
