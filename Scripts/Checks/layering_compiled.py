#!/usr/bin/env python3
"""Fails when a layer of the library does not compile without the layers above it.

`layering.py` reads the sources as text; this check asks the compiler, which resolves every name the
way the build does, so it refuses a reference up the layers in any position: a member reached through
any expression (`zip(a, b)`, a generic box's property, an overload chosen by an argument's inferred
type), a signature, a generic argument, an extension, and a conformance whose requirement only a
higher layer's extension meets.

For each layer, lowest first, the compiler type-checks the files of that layer and of the layers below
it as one module of the library's name:
- Support/ alone, as BaseModelKitJSON; then the whole of that module (Support/ and JSON/), emitted once
  for the layers above, which import it as BaseModelKit does;
- Runtime/, then Runtime/ and Errors/, and so on up to Engine/, as BaseModelKit.
The three public types that the layers below the surface make (`layering.DECLARED_AT`) join from their
layer as declarations, their bodies left out (`declarations_only`): the bodies call the engine. The
top, the whole of BaseModelKit, is the package's own build. The compiler sees the code of the
platform it runs on, with the flags of a debug build: the text check reads every branch of an `#if`.
A call that a lower overload serves at the lower layer, where the whole module picks a more specific
one a higher layer adds, compiles here: the text check refuses such an overload where it is declared.

    python3 -B Scripts/Checks/layering_compiled.py [SOURCES…]     (default: layering.ROOTS)
"""
import concurrent.futures
import os
import re
import shutil
import subprocess
import sys
import tempfile

from layering import DECLARED_AT, RANKS, ROOTS, layer_name, rank_of
from sources import report, strip, swift_files

# The C module both targets import: beside the sources, or else (a copy of the two targets alone, as
# the self-test makes) this package's.
C_MODULE = os.path.join("CBaseModelKitAtomics", "include")
OWN_C_MODULE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Sources", C_MODULE)
# The package name the compilations share: both modules' `package` declarations are visible to each other.
PACKAGE = "BaseModelKit"
# The keywords that start a declaration, and the declarations whose bodies `declarations_only` leaves
# out: a function, initialiser, deinitialiser or subscript, or a computed property (`var name: Type {`,
# no `=` before its brace) read only.
DECLARATION = re.compile(r"\b(?:func|init[?!]?|deinit|subscript|var|let|case|class|struct|enum|extension|protocol|actor|typealias)\b")
BODIED = re.compile(r"(?:func|init[?!]?|deinit|subscript)\b|var\s+\w+\s*:[^=]*$")
ACCESSOR = re.compile(r"\s*(?:get|set|willSet|didSet|_read|_modify)\b")
DIAGNOSTIC = re.compile(r"^(.*?):(\d+):(\d+): error: (.*)$")


def declarations_only(text):
    """`text` with the body of each function, initialiser, subscript and read-only computed property
    replaced by `fatalError()`: its declarations, which the compiler checks against the layers
    below, without the code that runs."""
    # The braces and heads are read where comments and string literals are blanked, at the same
    # offsets (an interpolation's code counts).
    blanked = strip(text, blank=True)
    cuts, open_braces, last = [], [], 0
    for offset, char in enumerate(blanked):
        if char == "{":
            # The declaration the brace opens the body of: the head's last one.
            head = blanked[last:offset]
            starts = [match.start() for match in DECLARATION.finditer(head)]
            open_braces.append((offset, bool(starts) and BODIED.match(head[starts[-1]:]) is not None))
        elif char == "}":
            start, bodied = open_braces.pop() if open_braces else (None, False)
            if bodied and not ACCESSOR.match(blanked[start + 1:offset]):
                # The outermost body only: the ones inside it go with it.
                cuts = [cut for cut in cuts if not start < cut[0] < offset] + [(start, offset)]
        else:
            continue
        last = offset + 1
    for start, end in sorted(cuts, reverse=True):
        text = text[:start + 1] + " fatalError() " + text[end:]
    return text


def targets(roots):
    """The JSON module's sources and BaseModelKit's, from `roots` as `layering.ROOTS` orders them (or
    named so, in any order)."""
    named = {os.path.basename(os.path.normpath(root)): root for root in roots}
    return named.get("BaseModelKitJSON", roots[0]), named.get("BaseModelKit", roots[-1])


def layers(library):
    """(rank, the files of that layer and below, the files that join as declarations only) of
    BaseModelKit's layers, lowest first, from Runtime/ to Engine/; `library` holds its sources."""
    files = []
    for path, _ in swift_files(library):
        relative = os.path.relpath(path, library)
        files.append((path, relative, DECLARED_AT.get(relative), rank_of(relative)[0]))
    for rank in sorted({rank for rank in RANKS.values() if rank >= RANKS["Runtime"]}):
        own = [path for path, _, declared, at in files if declared is None and at <= rank]
        declared = [path for path, _, declared, _ in files if declared is not None and declared <= rank]
        yield rank, own, declared


def compile_layers(roots, scratch, only=None):
    """The compiler's errors (as `path:line: …` lines) for each layer that does not compile without
    the layers above it. `only`, a rank, checks that layer alone: above JSON/, with the JSON module
    `scratch` holds from an earlier call if there is one (a self-test's copies differ above it)."""
    # The compiler beside `swift` when `swiftc` itself is not on the PATH.
    swift = shutil.which("swift")
    swiftc = shutil.which("swiftc") or (swift and shutil.which("swiftc", path=os.path.dirname(os.path.realpath(swift))))
    if not swiftc:
        return ["swiftc: not found beside swift or on the PATH (the check compiles the layers with the package's toolchain)"]
    json_root, library = targets(roots)
    include = os.path.join(os.path.dirname(os.path.abspath(json_root)), C_MODULE)
    if not os.path.isdir(include):
        include = os.path.normpath(OWN_C_MODULE)
    common = [swiftc, "-parse-as-library", "-swift-version", "6", "-package-name", PACKAGE, "-suppress-warnings", "-diagnostic-style=llvm",
              "-DSWIFT_PACKAGE", "-DDEBUG", "-module-cache-path", os.path.join(scratch, "cache"),
              "-Xcc", "-fmodule-map-file=" + os.path.join(include, "module.modulemap"), "-Xcc", "-I", "-Xcc", include]
    json_files = [path for path, _ in swift_files(json_root)]
    support = [path for path in json_files if rank_of(os.path.relpath(path, json_root))[0] == RANKS["Support"]]
    modules = os.path.join(scratch, "modules")
    os.makedirs(modules, exist_ok=True)
    json_module = common + ["-module-name", "BaseModelKitJSON", "-emit-module",
                            "-emit-module-path", os.path.join(modules, "BaseModelKitJSON.swiftmodule")] + json_files
    jobs = []
    if only in (None, RANKS["Support"]):
        jobs.append(("Support/", common + ["-module-name", "BaseModelKitJSON", "-typecheck"] + support))
    for rank, own, declared in layers(library):
        if only not in (None, rank):
            continue
        stubs = os.path.join(scratch, f"declarations-{rank}")
        os.makedirs(stubs, exist_ok=True)
        copies = []
        for path in declared:
            copy = os.path.join(stubs, os.path.basename(path))
            with open(path, encoding="utf-8") as source, open(copy, "w", encoding="utf-8") as stub:
                stub.write(declarations_only(source.read()))
            copies.append(copy)
        jobs.append((layer_name(rank), common + ["-module-name", "BaseModelKit", "-typecheck", "-I", modules] + own + copies))
    # Support/ alone needs no module; a layer above JSON/ may use one an earlier call emitted.
    skip = only == RANKS["Support"] or (
        (only or 0) >= RANKS["Runtime"] and os.path.exists(os.path.join(modules, "BaseModelKitJSON.swiftmodule")))
    problems = [] if skip else _errors("JSON/", _run(json_module))
    if problems:
        return problems
    # The largest first, so that the two cores finish together.
    jobs.sort(key=lambda job: -len(job[1]))
    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        for layer, output in zip([job[0] for job in jobs], pool.map(_run, [job[1] for job in jobs])):
            problems += _errors(layer, output)
    return problems


def _run(command):
    return subprocess.run(command, capture_output=True, text=True).stderr


def _errors(layer, output):
    """The compiler's errors in `output`, each as `path:line: <layer> does not compile without the
    layers above it: <message>`."""
    problems = []
    for line in output.splitlines():
        match = DIAGNOSTIC.match(line)
        if match:
            problems.append(f"{match.group(1)}:{match.group(2)}: {layer} does not compile without the layers above it: {match.group(4)}")
        elif "error:" in line:
            problems.append(f"{layer}: {line.strip()}")
    return problems


def main(roots=None):
    with tempfile.TemporaryDirectory() as scratch:
        problems = compile_layers(roots or sys.argv[1:] or ROOTS, scratch)
    return report(problems,
                  f"{len(problems)} compiler error(s): a layer names something above it; see Docs/Architecture.md.",
                  "Layering: each layer compiles with the layers below it alone.")


if __name__ == "__main__":
    sys.exit(main())
