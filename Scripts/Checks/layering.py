#!/usr/bin/env python3
"""Fails when a library file names something declared in a higher layer.

The layers of the library, lowest first, are the folders in RANKS below (Docs/Architecture.md explains
them): Support/ and JSON/ in Sources/BaseModelKitJSON, the rest in Sources/BaseModelKit, whose files
directly in it and in Routing/ are the public surface, the top.
A file may use what its own layer and the layers below it declare.

The check collects what each layer declares: types (nested ones too, wherever they are declared),
top-level functions and macros, globals (top-level `let` and `var`), and members (func, var, let, case) by the
type they belong to, whether in the type's body or in an extension. Then it reads each file with
comments and string literals removed — the code in string interpolations is kept — and flags:
- a type, top-level function or global named there that only higher layers declare;
- `Type.member` where every declaration of `member` for `Type` (in its body or its extensions) is in a
  higher layer — `BaseModel.decode(from:)` from Schema/, whatever lower layers call `decode`; the
  same through `self.` or bare inside that type's body or extension, whatever other types lower
  layers give a `count`, and at each step of a chain whose types it follows (`Chains`,
  `layering_types.py`) from a name the file binds with one type (`_ handle: FieldHandle<Int>`,
  `some Counting`, a generic parameter constrained to a protocol, `let handle = value as?
  FieldHandle<Int>`, `let handle = FieldHandle<Int>(…)`, `if let handle = maybe`, `for handle in
  handles`) or from declarations (`make().count`, `holder.handle?.count`, `handles[0].count`,
  `handles.map { $0.count }`, `handles.first(where: { $0.count > 0 })`, `Self.count`,
  `super.count`, and a chain that goes on over lines that start with `.`); a member a type does not
  declare itself counts as what the protocols it conforms to and the class it inherits from declare
  (a higher layer's `extension Protocol`), from the highest layer that names a step to it (a
  conformance a higher layer declares);
- `.member` on any other receiver, or `member` written bare (inside an extension of the type, and
  bound nowhere in the file), where `member` is declared only in higher layers' extensions of lower
  layers' types or of types from outside the package (`extension String`), or by a protocol of a
  higher layer that a higher layer makes a lower type conform to, and by no type that the file's
  own layer or a lower one declares;
- `BaseModelKit.name`, as `name`;
- `Type(label:` and `.init(label:` where every initialiser of that first label — for `Type`, or for
  any type when the receiver is not named (`Self(`, `self.init(`) — is declared in a higher layer;
- `[label:` where every subscript with that first argument label is declared in a higher layer;
- `name(label:`, a call of a function (or enum case) whose name the file's layer or a lower one
  declares, by a first label that only higher layers declare for that name: an overload added
  higher up (`read(high:` where JSON/ has `read(low:`);
- a custom operator that only higher layers declare (`infix operator <~>`);
- `Type(value)`, an unlabelled initialiser of a package type, `handle[3]`, an unlabelled subscript
  of a typed chain's value, and `handle + 1` or `1 - handle`, an operator function of that value's type, where
  only higher layers declare one;
- `read(5)`, `Type(5)`, `unit[5]` and `parser.read(5)`, a top-level function, an initialiser, or a
  subscript or a method of a typed chain's value, called with an unlabelled first argument whose type its text gives (a literal,
  or a name bound with a type), where only higher layers declare one for that argument's type
  (`read(_ count: Int)` beside a lower `read(_ text: String)`);
- and, where it is declared, a higher layer's overload of a lower layer's function, initialiser or
  subscript (at the top level, or of one type) with the same argument labels and another type for
  the first parameter, or parameters a lower one takes every argument of (`Any`, an existential, a
  generic parameter, an optional) (`describe(_ value: Int)` above a lower
  `describe(_ value: Any)`): called below with an argument whose type the text does not give
  (`describe(names.count)`), it may be the one the whole module picks, while the layer alone
  compiles with the lower one, so neither this check nor the compiler's can tell the call; the
  higher declaration takes another name (`overloads`).
Unlabelled subscripts, functions and initialisers beside ones a lower layer declares, called with an
argument whose type the text does not give, operators on values whose type no chain gives, and a
conformance that a higher layer declares to a protocol of a lower layer or from outside the package
(`extension JSONNumber: Hashable`), which lower code may then rely on without naming anything
higher (passing the value where the protocol is asked for), cannot be told apart by text: they are
beyond this check. (The third is also how a layer lets a higher one plug in: Engine/ makes
`BaseModel` a `ModelCoderProviding`, a protocol of Coercion/.)
It is a net for the dependencies the compiler does not stop within one module (between the two
targets, the compiler stops them); `layering_selftest.py`
plants one leak of each kind and checks that each is caught. After it, `main` runs
`layering_compiled.py`, which compiles each layer with the layers below it alone: the compiler
refuses what this check cannot tell.

    python3 -B Scripts/Checks/layering.py [SOURCES…]     (default: the two ROOTS below)
"""
import functools
import os
import re
import sys

from layering_types import CAST, CHAIN_START, ELEMENT_LABEL, MODIFIERS, Types, add, arguments, instantiated, matching, parse_type, walk
from sources import report, strip, swift_files

# Options/, Session/ and Coercion/ are one layer in three rooms: a transformer is both an option and
# a coder, and the session carries the options to every coder.
RANKS = {"Support": 0, "JSON": 1, "Runtime": 2, "Errors": 3,
         "Options": 4, "Session": 4, "Coercion": 4, "Members": 5, "Schema": 6, "Engine": 7}
SURFACE = 8
# The two targets' sources, read as one tree: Support/ and JSON/ are the module BaseModelKitJSON
# (which the compiler keeps from naming anything of BaseModelKit), the other folders BaseModelKit.
ROOTS = ["Sources/BaseModelKitJSON", "Sources/BaseModelKit"]
# Three public types are the public surface, yet the layers below it make them: `BaseModel.swift`'s
# class is what the layers from Schema/ up work for (they call its hooks), so its name and its own
# members are available from Schema/ up, and so is `ChangeSet.swift`'s, the type of the
# `didUpdate(_:)` hook (the schema detects which hooks a class overrides); `ModelSnapshot.swift`'s is
# what the engine's snapshots return. Runtime/ and below know no model.
DECLARED_AT = {"BaseModel.swift": RANKS["Schema"], "ChangeSet.swift": RANKS["Schema"],
               "ModelSnapshot.swift": RANKS["Engine"]}

# A type is declared at the start of a line, or after a `{` or `;` on one (`extension X { struct Y {} }`).
TYPE = re.compile(r"(?:^|(?<=[{;]))[ \t]*" + MODIFIERS + r"(?:class|struct|enum|protocol|actor|typealias)\s+([A-Za-z_]\w*)", re.M)
# Top-level functions and macros (a macro is used as `#name` or `@name`, which the name matches).
TOP_FUNC = re.compile(r"^" + MODIFIERS + r"(?:func|macro)\s+([A-Za-z_]\w*)", re.M)
GLOBAL = re.compile(r"^" + MODIFIERS + r"(?:let|var)\s+([A-Za-z_]\w*)", re.M)
MEMBER = re.compile(r"^\s+" + MODIFIERS + r"(?:func|var|let|case)\s+([A-Za-z_]\w*)", re.M)
# The first argument label of an initialiser or subscript: `init(from bytes:`, `init(label:`,
# `subscript(at index:`; subscripts take labels only when written twice (`subscript(index: Int)` is
# called `x[1]`).
INIT = re.compile(r"^\s+" + MODIFIERS + r"init[?!]?\s*(?:<[^>]*>\s*)?\(\s*([a-z_]\w*)\s*(?:[A-Za-z_]\w*\s*)?:", re.M)
SUBSCRIPT = re.compile(r"^\s+" + MODIFIERS + r"subscript\s*(?:<[^>]*>\s*)?\(\s*([a-z]\w*)\s+[A-Za-z_]\w*\s*:", re.M)
# A subscript called without a label (`handle[3]`): one name, or `_` and a name, before the colon.
UNLABELLED_SUBSCRIPT = re.compile(r"^\s+" + MODIFIERS + r"subscript\s*(?:<[^>]*>\s*)?\(\s*(?:_\s+)?[a-z]\w*\s*:", re.M)
# An operator a type declares for its values (`static func + (handle: FieldHandle, extra: Int)`).
OPERATOR_FUNCTION = re.compile(r"^\s+" + MODIFIERS + r"func\s*([-+*/%<>=!&|^~?.]+)\s*(?:<[^>]*>\s*)?\(", re.M)
OPERATOR = re.compile(r"^\s*(?:prefix|infix|postfix)\s+operator\s+([^\s{:]+)", re.M)
# A function's (or an enum case's) name and first argument label: `func read(from bytes:` → `from`,
# `func skip(_ count:` → `_`, `case failed(reason:` → `reason`.
FUNC_LABEL = re.compile(r"^[ \t]*" + MODIFIERS + r"(?:func|case)\s+([a-z_]\w*)\s*(?:<[^>]*>\s*)?\(\s*([A-Za-z_]\w*)", re.M)
# A function's or an initialiser's first parameter when it has no label, up to its type: `func
# read(_ count: Int`, `init(_ text: String` (the type read by `parse_type`).
FIRST_UNLABELLED = re.compile(r"^[ \t]*" + MODIFIERS + r"(?:func\s+([a-z_]\w*)|init[?!]?)\s*(?:<[^>]*>\s*)?\(\s*_\s+[a-z_]\w*\s*:\s*(?:inout\s+)?", re.M)
# A call of a function (`read(`, not a method's `.read(`) or an initialiser (`Type(`, `Type<Int>(`).
CALL = re.compile(r"(?<![\w$.])(?<!func )(?:([a-z_]\w*)|([A-Z]\w*)(?:<[^>\n]*>)?)\s*\(")
# A method's call after its receiver: `.read(`.
STEP_CALL = re.compile(r"\.\s*[a-z_]\w*\s*\(")
# A first argument whose type its text gives: a literal, or a name (the file's typed names).
LITERAL_ARGUMENT = re.compile(r"\s*(?:(-?\d+\.\d+(?:[eE][-+]?\d+)?)|(-?\d+)|(\"\")|(true|false)|([a-z_]\w*))\s*[,)\]]")
# A call with its first label: `read(from:`, `.read(from:` (not `func read(from:`).
FUNC_LABEL_USE = re.compile(r"(?<![\w$])(?<!func )(?<!case )([a-z_]\w*)\s*\(\s*([a-z_]\w*)\s*:(?!:)")
# `Self(`, `self.init(` and `super.init(` name no type: any initialiser of that label may be meant.
INIT_USE = re.compile(r"(?:\b(?!Self\b)([A-Z]\w*)|\bSelf|(?:(?<![\w)\]])|\b(?:self|Self|super))\.init)\s*\(\s*([a-z_]\w*)\s*:")
# `Type(value)` or `Type<Int>(value)`: a call whose first argument has no label.
UNLABELLED_INIT_USE = re.compile(r"(?<![\w.])([A-Z]\w*)\s*(?:<[^>\n]*>)?\s*\(\s*(?![a-z_]\w*\s*:(?!:))(?![\s)])")
SUBSCRIPT_USE = re.compile(r"[\w)\]?!]\s*\[\s*([a-z]\w*)\s*:")
BRACE = re.compile(r"[{}]")
BODY = re.compile(r"^" + MODIFIERS + r"(extension|class|struct|enum|protocol|actor)\s+([A-Za-z_]\w*)[^{\n]*(?:\n[^{\n]*)*?\{", re.M)
IDENT = re.compile(r"(\.)?\b([A-Za-z_]\w*)\b")
QUALIFIED = re.compile(r"\b([A-Z]\w*)\s*\.\s*([a-z_]\w*)\b")
# What a file binds: declarations (`let (a, b)`, `case let .x(value)`, `for (key, value) in`),
# parameters with their labels, closure parameters (`{ first, second in`).
BINDINGS = (re.compile(r"\b(?:let|var|func|case|for)\s+(\(?[A-Za-z_][\w, ]*)"),
            re.compile(r"[(,]\s*([A-Za-z_]\w*(?:\s+[A-Za-z_]\w*)?)\s*:"),
            re.compile(r"\{\s*(?:\[[^\]]*\]\s*)?\(?([A-Za-z_][\w, ]*)\)?\s+in\b"))
# A name bound with a written type (`let handle: FieldHandle<Int>`, a parameter `(_ handle:
# FieldHandle<Int>` or `, into handles: inout [String: FieldHandle<Int>]`), the type read by
# `layering_types.parse_type`; and one bound by a cast (`let handle = value as? FieldHandle<Int>`).
ANNOTATION = re.compile(r"(?:\b(?:let|var)\s+|[(,]\s*(?:[A-Za-z_]\w*\s+)?)([a-z_]\w*)\s*:(?!:)")
CAST_BOUND = re.compile(r"\b(?:let|var)\s+([a-z_]\w*)\s*=[^\n=]*?\bas[?!]?\s+([A-Z]\w*)")
# A generic parameter's constraint, in a generic clause (`<Value: Counting>`) or a `where` clause
# (`where Value: Counting`): a value of that parameter has the protocol's members.
GENERIC_CLAUSE = re.compile(r"\b(?:func\s+[a-z_]\w*|init|subscript)\s*<([^>\n]*)>|\bwhere\s+([^{\n]*)")
CONSTRAINT = re.compile(r"(?:^|,)\s*([A-Z]\w*)\s*:\s*(?:any\s+)?([A-Z]\w*)")
MODULE = re.compile(r"\bBaseModelKit\s*\.$")
# What an expression may start with before its chain: `(try? make())`.
TRIED = re.compile(r"\s*(?:(?:try[?!]?|await)\s+)+")
# An argument label at a call (`read(from: bytes)`), not a use of a name.
LABEL = re.compile(r"\s*:(?!:)")
KEYWORDS = {"func", "var", "let", "case", "init", "subscript", "static", "class", "final", "override"}
# A type declared inside another's body (`class var` and `class func` are members, not types).
NESTED_BODY = re.compile(r"^[ \t]+" + MODIFIERS + r"(?:class|struct|enum|actor)\s+(?!(?:" + "|".join(sorted(KEYWORDS | {"deinit"}))
                         + r")\b)[A-Za-z_]\w*[^{\n]*\{", re.M)


def bodies(text):
    """(keyword, type name, the protocols its header names, body) of each top-level type declaration
    and extension."""
    for keyword, name, protocols, start, end in body_spans(text):
        yield keyword, name, protocols, text[start:end]


@functools.lru_cache(maxsize=None)
def stripped(text):
    """`text` without comments and string literals (kept per text: the self-test reads the same
    files again for each planted leak)."""
    return strip(text)


@functools.lru_cache(maxsize=None)
def body_spans(text):
    """`bodies`, with each body as its start and end offsets in `text`. (Kept per text: the check
    asks for each file's several times.)"""
    spans = []
    for match in BODY.finditer(text):
        end = body_end(text, match.end()) or len(text)
        header = match.group(0)[match.end(2) - match.start():-1].split(" where ")[0]
        protocols = re.findall(r"[A-Za-z_]\w*", header.split(":", 1)[1]) if ":" in header else []
        spans.append((match.group(1), match.group(2), protocols, match.end(), end))
    return spans


def nested_bodies(text):
    """The bodies of the types declared inside other types' bodies, but for private ones."""
    for match in NESTED_BODY.finditer(text):
        end = None if is_private(match.group(0)) else body_end(text, match.end())
        if end:
            yield text[match.end():end]


def body_end(text, start):
    """Where the body whose `{` is just before `start` ends, after its `}`; `None` when it is left
    open."""
    depth = 1
    for brace in BRACE.finditer(text, start):
        depth += 1 if brace.group() == "{" else -1
        if not depth:
            return brace.end()
    return None


def members(body):
    """Each declaration of a member at a body's own level, with its name: every case of a `case`
    list (`case year, month, day`) counts."""
    for match in MEMBER.finditer(body):
        if depth_at(body, match.start()) != 0:
            continue
        yield match, match.group(1)
        if re.match(r"\s*" + MODIFIERS + r"case\b", match.group(0)):
            line = body[match.end():body.find("\n", match.end()) % (len(body) + 1)]
            # The rest of the list, outside the cases' associated values and raw values.
            for name in re.findall(r",\s*([A-Za-z_]\w*)", re.sub(r"\([^()]*\)|=[^,]*", "", line)):
                yield match, name


def depth_at(body, index):
    """How many braces are open at `index` of a type's body."""
    return body.count("{", 0, index) - body.count("}", 0, index)


def rank_of(relative):
    first = relative.split(os.sep)[0]
    if first in RANKS and os.sep in relative:
        return RANKS[first], first
    return SURFACE, "the public surface"


def layer_name(rank):
    return ", ".join(k + "/" for k, v in RANKS.items() if v == rank) or "the public surface"


def is_private(declaration):
    return re.search(r"\b(private|fileprivate)\b", declaration) is not None


def top_level_names(text):
    """The types, top-level functions and globals `text` declares (a top-level line's statements
    after a `;` too: `let first = 1; let second = 2` declares both): (name, declaration) pairs."""
    lines = [part.strip() if index else part for line in text.split("\n")
             for index, part in enumerate(line.split(";") if line[:1].strip() else [line])]
    statements = "\n".join(lines)
    for pattern in (TYPE, TOP_FUNC, GLOBAL):
        for match in pattern.finditer(statements):
            yield match.group(1), match.group(0)


def declarations(files):
    """What each layer declares: names (types, top-level functions, globals) → ranks; members by type
    → member → ranks; members of extensions by the extension's and the extended type's rank."""
    names, by_type = {}, {}
    for relative, text in files.items():
        rank = DECLARED_AT.get(relative, rank_of(relative)[0])
        for name, declaration in top_level_names(text):
            if name not in KEYWORDS and not is_private(declaration):
                names.setdefault(name, set()).add(rank)
    lifted, own, conformances, supertypes, first_inherited, classes = {}, {}, [], {}, {}, set()
    # Initialisers by type → first label → ranks, and by label alone; subscripts and operators by
    # label or spelling → ranks; by type, its unlabelled subscripts (`[`) and the operators it
    # declares for its values (`+`) → ranks.
    inits, init_labels, subscripts, operators, typed_calls = {}, {}, {}, {}, {}
    # Functions by name, methods and initialisers by type → the type of an unlabelled first
    # parameter → ranks.
    argument_types = {}
    # Functions and enum cases by name → first label → ranks (locals too: they only hide).
    function_labels = {}
    for relative, text in files.items():
        rank = DECLARED_AT.get(relative, rank_of(relative)[0])
        for match in OPERATOR.finditer(text):
            operators.setdefault(match.group(1), set()).add(rank)
        for match in FUNC_LABEL.finditer(text):
            if not is_private(match.group(0)):
                function_labels.setdefault(match.group(1), {}).setdefault(match.group(2), set()).add(rank)
        for match in FIRST_UNLABELLED.finditer(text):
            # Top-level functions (a method is called on its receiver, which this does not type).
            if match.group(1) and not match.group(0)[:1].isspace() and not is_private(match.group(0)):
                note_argument(argument_types, ("func", match.group(1)), text[match.end():], rank)
        for keyword, name, protocols, body in bodies(text):
            # Each supertype with the rank that names it: a conformance a higher layer declares lends
            # the protocol's members from that layer up.
            supertypes.setdefault(name, set()).update((protocol, rank) for protocol in protocols)
            if keyword == "class":
                classes.add(name)
                if protocols:
                    first_inherited[name] = protocols[0]
            if keyword == "extension":
                conformances.append((name, protocols, rank))
            # A member is declared at the body's own level; deeper are locals of its functions.
            for member, member_name in members(body):
                if is_private(member.group(0)):
                    continue
                by_type.setdefault(name, {}).setdefault(member_name, set()).add(rank)
                # A type from outside the package (`extension String`) is below every layer.
                extended = min(names[name]) if name in names else -1
                if keyword == "extension" and extended < rank:
                    lifted.setdefault(member_name, set()).add((rank, extended))
                else:
                    own.setdefault(member_name, set()).add(rank)
            for match in INIT.finditer(body):
                if not is_private(match.group(0)):
                    inits.setdefault(name, {}).setdefault(match.group(1), set()).add(rank)
                    init_labels.setdefault(match.group(1), set()).add(rank)
            for match in FIRST_UNLABELLED.finditer(body):
                if is_private(match.group(0)) or (match.group(1) and depth_at(body, match.start()) != 0):
                    continue
                callee = ("method", name, match.group(1)) if match.group(1) else ("init", name)
                note_argument(argument_types, callee, body[match.end():], rank)
            for match in SUBSCRIPT.finditer(body):
                if not is_private(match.group(0)):
                    subscripts.setdefault(match.group(1), set()).add(rank)
            for match in UNLABELLED_SUBSCRIPT.finditer(body):
                if not is_private(match.group(0)):
                    typed_calls.setdefault(name, {}).setdefault("[", set()).add(rank)
                    note_argument(argument_types, ("subscript", name), body[body.index(":", match.end() - 1) + 1:], rank)
            for match in OPERATOR_FUNCTION.finditer(body):
                if not is_private(match.group(0)):
                    typed_calls.setdefault(name, {}).setdefault(match.group(1), set()).add(rank)
        # A nested type's members are its layer's own too (`case none` of an enum inside a JSON/
        # type): a name they declare is no higher layer's alone.
        for body in nested_bodies(text):
            for member, member_name in members(body):
                if not is_private(member.group(0)):
                    own.setdefault(member_name, set()).add(rank)
    # A lower layer's type that a higher layer makes conform to a protocol of the package gains the
    # protocol's members (requirements and extensions) there: they are lifted like an extension's.
    for name, protocols, rank in conformances:
        extended = min(names[name]) if name in names else -1
        for protocol in protocols:
            for member_name, ranks in by_type.get(protocol, {}).items():
                lift = max(rank, min(ranks))
                if extended < lift:
                    lifted.setdefault(member_name, set()).add((lift, extended))
    calls = (inits, init_labels, subscripts, operators, function_labels, typed_calls, argument_types)
    # A class's superclass: the first type its declaration inherits, when that is a class too.
    superclasses = {name: first for name, first in first_inherited.items() if first in classes}
    return names, Members(by_type, supertypes, superclasses), lifted, own, calls

def note_argument(table, callee, text, rank):
    """Records that `callee` takes an unlabelled first parameter of the type written at the start of
    `text`, declared at `rank`."""
    kind = parse_type(text)
    if kind and kind[0] in ("one", "array"):
        table.setdefault(callee, {}).setdefault(kind[1] if kind[0] == "one" else f"[{kind[1]}]", set()).add(rank)


def overload_ranks(argument_types, callee, line, position, kinds):
    """The ranks that declare `callee` (a key of `argument_types`) for the type of the first argument
    at `position` of `line`, and that type; `None` for either when unknown."""
    argument = argument_type(line, position, kinds)
    return argument_types.get(callee, {}).get(argument), argument


def argument_type(line, position, kinds):
    """The type of the first argument at `position` of `line` (after a call's `(`), when its text
    gives it: a literal, or a name the file binds with a type; `None` otherwise."""
    match = LITERAL_ARGUMENT.match(line, position)
    if not match:
        return None
    double, integer, string, boolean, name = match.groups()
    if name:
        kind = kinds.get(name)
        return kind[1] if kind and kind[0] == "one" else None
    return "Double" if double else "Int" if integer else "String" if string else "Bool"


class Members:
    """The members of the package's types by name → ranks (`by_type`), and what each type inherits
    or conforms to, as its declaration and extensions name it, each with the rank of the layer that
    names it (`supertypes`), and each class's superclass (`superclasses`, for `super.`). A member the
    type declares itself is that one, wherever its supertypes declare one too (it shadows them); one
    it does not declare is any of its supertypes', from the higher of the layers that declare it and
    that name each step to it (a protocol's extension, a superclass's member, a conformance declared
    higher up)."""

    def __init__(self, by_type, supertypes, superclasses):
        self.by_type, self.supertypes, self.superclasses = by_type, supertypes, superclasses
        # What `ranks` found through supertypes, by type and member.
        self.inherited = {}

    def __contains__(self, type_name):
        """Whether the package declares or extends `type_name`."""
        return type_name in self.by_type or type_name in self.supertypes

    def ranks(self, type_name, member):
        """The ranks that declare `member` for `type_name`, its own or else its supertypes'."""
        own = self.by_type.get(type_name, {}).get(member)
        if own:
            return own
        if (type_name, member) in self.inherited:
            return self.inherited[type_name, member]
        found, seen, stack = set(), set(), list(self.supertypes.get(type_name, ()))
        while stack:
            current, named = stack.pop()
            if (current, named) in seen:
                continue
            seen.add((current, named))
            found |= {max(rank, named) for rank in self.by_type.get(current, {}).get(member, ())}
            stack.extend((supertype, max(named, rank)) for supertype, rank in self.supertypes.get(current, ()))
        self.inherited[type_name, member] = found
        return found


class Chains:
    """The members, unlabelled subscripts and operators one file reaches through chains whose types
    the check can follow (`layering_types`): from a name the file binds with a type, `self`, `Self`,
    an initialiser's or a function's result, a stored property of the enclosing type, or `$0` and a
    closure's parameter over an array; on through stored properties, functions' results, elements
    and `first`/`last`. `let name = <chain>` (or `if case let name? = <chain>`, or a `switch
    <chain>`'s `case let name?:`) binds `name` with the chain's type, `for name in <chain>` (or `for
    (index, name) in <chain>.enumerated()`) with its element's. A line that starts
    with `.` goes on with the chain of the line before (`handles\n    .map { $0.count }`)."""

    # `let name = <chain>`, and the optional pattern `if case let name? = <chain>`.
    LET = re.compile(r"\b(?:let|var)\s+([a-z_]\w*)\??\s*=\s*")
    # `switch <chain> {`, and the cases that bind its value: `case let name?:`, `case .some(let name):`.
    SWITCH = re.compile(r"\bswitch\s+")
    CASE_VALUES = re.compile(r"\s*case\s+(let\s+|var\s+)?\.([a-z_]\w*)\s*\(([^()]*)\)\s*:")
    CASE = re.compile(r"\s*case\s+(?:(?:let|var)\s+([a-z_]\w*)\s*\??|\.some\(\s*(?:let|var)\s+([a-z_]\w*)\s*\))\s*(?:where\b[^:\n]*)?:")
    # `for handle in <chain>`, `for (index, handle) in <chain>.enumerated()`.
    FOR = re.compile(r"\bfor\s+(?:case\s+)?(?:let\s+|var\s+)?(?:([a-z_]\w*)|\(\s*[a-z_]\w*\s*,\s*([a-z_]\w*)\s*\))\s+in\s+")
    AFTER_LET = re.compile(r"\s*(?:$|,|\{|else\b)")
    OPERATOR_AFTER = re.compile(r"\s*([-+*/%<>=!&|^~?.]+)\s")
    OPERATOR_BEFORE = re.compile(r"\s([-+*/%<>=!&|^~?.]+)\s*$")
    LABELLED = re.compile(r"\[\s*[a-z_]\w*\s*:(?!:)")

    def __init__(self, text, bound, enclosing, by_type, results):
        self.bound, self.enclosing, self.by_type, self.results = bound, enclosing, by_type, results
        # The file's own functions, local ones too: a call of one of those names is the file's.
        self.local = Types.in_file(text)
        # The names the file binds with a written type, or by a cast: `handle.count` then reads as
        # `FieldHandle.count`, whatever other types lower layers give a `count`. A generic
        # parameter the file constrains to one type stands for it. (A name bound with two types in
        # one file is known as neither.)
        constraints = {}
        for clause in GENERIC_CLAUSE.finditer(text):
            for parameter, constraint in CONSTRAINT.findall(clause.group(1) or clause.group(2)):
                add(constraints, parameter, constraint)
        self.kinds = {}
        for match in ANNOTATION.finditer(text):
            kind = parse_type(text[match.end():])
            if kind and kind[0] in ("one", "array"):
                kind = (kind[0], constraints.get(kind[1]) or kind[1])
            if kind:
                add(self.kinds, match.group(1), kind)
        for name, type_name in CAST_BOUND.findall(text):
            add(self.kinds, name, ("one", type_name))
        # The file's lines, each joined with the lines after it that go on with its chain, and the
        # number of the line each character is on.
        self.lines = []
        for number, line in enumerate(text.split("\n"), 1):
            rest = line.lstrip()
            if self.lines and rest.startswith(".") and not rest.startswith(".."):
                joined, numbers = self.lines[-1]
                self.lines[-1] = (joined + rest, numbers + [number] * len(rest))
            else:
                self.lines.append((line, [number] * len(line)))
        # The element closures of each joined line, by the line's index: where each starts and ends,
        # and the type of its `$0` (and `$1`, in `sorted(by:)`).
        self.dollars = {}
        for place, (line, numbers) in enumerate(self.lines):
            def closure(kind, name, start, end, dollars, place=place):
                if name:
                    add(self.kinds, name, kind)
                    return
                self.dollars.setdefault(place, []).append((start, end, kind, dollars))
                # A closure left open at the end of its line holds the lines up to its `}`.
                depth = line.count("{", start) - line.count("}", start) if end == len(line) else 0
                for later, text_later, _ in self.inside(place, depth):
                    self.dollars.setdefault(later, []).append((-1, len(text_later) + 1, kind, dollars))
            for match in CHAIN_START.finditer(line):
                kind, index = self.start(place, match)
                if kind:
                    for _ in walk(line, index, kind, results, closure):
                        pass
            for match in self.LET.finditer(line):
                kind, end = self.chain_type(place, match.end())
                if kind and self.AFTER_LET.match(line, end):
                    add(self.kinds, match.group(1), kind)
                # A closure of one chain (`let make = { Holder(…) }`): calling it gives the chain's type.
                if line.startswith("{", match.end()):
                    kind, end = self.chain_type(place, match.end() + 1)
                    if kind and line[end:].lstrip().startswith("}"):
                        add(self.kinds, match.group(1), ("closure", kind))
            for match in self.FOR.finditer(line):
                kind, _ = self.chain_type(place, match.end())
                if kind and (kind[0] == "array" if match.group(1) else kind[0] in ("enumerated", "dictionary")):
                    add(self.kinds, match.group(1) or match.group(2), ("one", kind[1]))
            for match in self.SWITCH.finditer(line):
                kind, end = self.chain_type(place, match.end())
                if kind and line[end:].strip() == "{":
                    self.bind_cases(place, kind)

    def chain_type(self, place, position):
        """The type of the chain that starts at `position` of the joined line at `place`, and where
        it ends; `None` when the check cannot type it."""
        line = self.lines[place][0]
        position += len(line[position:]) - len(line[position:].lstrip())
        chain = CHAIN_START.match(line, position)
        kind, index = self.start(place, chain) if chain else (None, position)
        end = None
        for kind, step, index in walk(line, index, kind, self.results) if kind else ():
            end = (kind, index) if step == "" else None
        return end or (None, position)

    def bind_cases(self, place, kind):
        """Binds the names the cases of the `switch` opened at the end of the joined line at `place`
        take from its subject, of type `kind` (`case let name?:`, `case .some(let name):`), or from
        the associated values of an enumeration's case (`case .one(let name):`, `case let
        .pair(first, second):`)."""
        for _, line, depth in self.inside(place, 1):
            case = self.CASE.match(line) if depth == 1 else None
            if case:
                add(self.kinds, case.group(1) or case.group(2), kind)
            values = self.CASE_VALUES.match(line) if depth == 1 and kind[0] == "one" else None
            payload = self.results.payloads.get((kind[1], values.group(2))) if values else None
            for part, value in zip(arguments(values.group(3)), payload) if payload else ():
                bound = re.fullmatch(r"\s*(?:[a-z_]\w*\s*:\s*)?" + ("" if values.group(1) else r"(?:let|var)\s+") + r"([a-z_]\w*)\s*", part)
                if bound and value:
                    add(self.kinds, bound.group(1), value)

    def inside(self, place, depth):
        """The joined lines after `place` while the `depth` braces left open on it stay open: each
        line's index, its text and the depth at its start."""
        for later in range(place + 1, len(self.lines)):
            if depth <= 0:
                return
            line = self.lines[later][0]
            yield later, line, depth
            depth += line.count("{") - line.count("}")

    def start(self, place, match):
        """The type of the value a chain starts with (`match` of `CHAIN_START` in the joined line at
        `place`), and where its steps start; `None` for a start the check cannot type."""
        line, numbers = self.lines[place]
        name, index = match.group(1), match.end()
        inside = self.enclosing.get(numbers[match.start()])
        if match.group(3):
            # An array literal of one chain's value.
            end = matching(line, match.start(3))
            inner = self.grouped(place, match.start(3) + 1, end - 1) if end else None
            return (("array", inner[1]) if inner and inner[0] == "one" else None), end
        if name is None or (name == "type" and line.startswith("(of:", index)):
            # A parenthesised expression, or `type(of: value)` (whose static members are the type's).
            opening = match.start(2) if name is None else index
            end = matching(line, opening)
            return (self.grouped(place, opening + (4 if name else 1), end - 1) if end else None), end
        if name in ("$0", "$1"):
            # The innermost element closure around it (the last opened of those that hold it).
            spans = [kind for start, end, kind, dollars in self.dollars.get(place, ())
                     if start < match.start() < end and name in dollars]
            return (spans[-1] if spans else None), index
        called = line.startswith("(", index)
        if name[0].isupper():
            if line.startswith("<", index):
                index = matching(line, index) or index
                called = line.startswith("(", index)
            name = inside if name == "Self" else name
            end = matching(line, index) if called else index
            if name not in self.by_type or not (called or line.startswith(".", index)) or end is None:
                return None, index
            return ("one", name), end
        if called:
            end = matching(line, index)
            closure = self.kinds.get(name)
            if closure and closure[0] == "closure":
                kind = closure[1]
            elif name in self.local:
                kind = self.local[name]
            else:
                kind = (self.results.member(inside, name, True) if inside else None) or self.results.function(name)
            if kind and kind[0] == "generic" and end:
                kind = instantiated(kind, self.argument_kind(place, index, end, kind[1]))
            return (kind if end else None), end
        if name == "self":
            return (("one", inside) if inside else None), index
        if name == "super":
            superclass = self.by_type.superclasses.get(inside)
            return (("one", superclass) if superclass else None), index
        if name in self.kinds:
            return self.kinds[name], index
        if name not in self.bound and inside:
            return self.results.member(inside, name, False), index
        return None, index

    def argument_kind(self, place, opening, end, position):
        """The type (a kind, as chains have) of the argument at `position` of the call whose
        parentheses run from `opening` to `end` on the joined line at `place`, its label aside;
        `None` when unknown."""
        line = self.lines[place][0]
        start = opening + 1
        parts = arguments(line[start:end - 1])
        if position >= len(parts):
            return None
        start += sum(len(part) + 1 for part in parts[:position])
        label = ELEMENT_LABEL.match(parts[position])
        return self.grouped(place, start + (label.end() if label else 0), start + len(parts[position]))

    def grouped(self, place, start, end):
        """The type of the expression from `start` to `end` of the joined line at `place`: a cast's
        type, a conditional's when both its values have the same, or that of one chain that spans it
        (after `try` or `await`); `None` otherwise."""
        line = self.lines[place][0]
        inner = line[start:end]
        cast = CAST.search(inner)
        if cast:
            return parse_type(cast.group(1))
        marks = conditional(inner)
        if marks:
            chosen = self.grouped(place, start + marks[0] + 1, start + marks[1])
            return chosen if chosen == self.grouped(place, start + marks[1] + 1, end) else None
        fallback = at_top_level(inner, " ?? ")
        if fallback is not None:
            chosen = self.grouped(place, start, start + fallback)
            return chosen if chosen == self.grouped(place, start + fallback + 4, end) else None
        tried = TRIED.match(line, start)
        kind, index = self.chain_type(place, tried.end() if tried else start)
        return kind if index <= end and not line[index:end].strip() else None

    def findings(self, rank, typed_calls, argument_types):
        """What the file reaches through chains that only layers above `rank` declare: line number
        → name → rank."""
        found = {}
        for place, (line, numbers) in enumerate(self.lines):
            for match in CHAIN_START.finditer(line):
                kind, index = self.start(place, match)
                for owner, step, position in walk(line, index, kind, self.results) if kind else ():
                    if not owner or owner[0] != "one":
                        continue
                    type_name = owner[1]
                    if step == "[":
                        ranks = None if self.LABELLED.match(line, position) else typed_calls.get(type_name, {}).get("[")
                        name = f"{type_name}[_]"
                        # An overload by the type of its argument (`handle[3]` beside a lower
                        # `subscript(_ key: String)`).
                        overload, argument = overload_ranks(argument_types, ("subscript", type_name), line, position + 1,
                                                            self.kinds)
                        if not (ranks and min(ranks) > rank) and overload:
                            ranks, name = overload, f"{type_name}[_: {argument}]"
                    elif step == "":
                        # The chain's value as an operand, on either side (`handle + 1`, `1 - handle`).
                        after = self.OPERATOR_AFTER.match(line, position)
                        before = self.OPERATOR_BEFORE.search(line, 0, match.start())
                        operators = [found.group(1) for found in (after, before) if found]
                        declared = [(operator, typed_calls.get(type_name, {}).get(operator)) for operator in operators]
                        operator, ranks = next(((operator, ranks) for operator, ranks in declared if ranks), (None, None))
                        name = f"{type_name} {operator}"
                    else:
                        ranks = self.by_type.ranks(type_name, step)
                        name = f"{type_name}.{step}"
                        # A method's overload by the type of its unlabelled first argument.
                        call = STEP_CALL.match(line, position)
                        overload, argument = overload_ranks(argument_types, ("method", type_name, step), line, call.end(),
                                                            self.kinds) if call else (None, None)
                        if not (ranks and min(ranks) > rank) and overload:
                            ranks, name = overload, f"{type_name}.{step}(_: {argument})"
                    if ranks and min(ranks) > rank:
                        found.setdefault(numbers[min(position, len(numbers) - 1)], {})[name] = min(ranks)
        return found


def conditional(text):
    """Where the `?` and the `:` of a conditional (`flag ? first : second`) are in `text`, at the top
    level of its brackets; `None` when it is not one."""
    question = at_top_level(text, " ? ")
    colon = at_top_level(text, " : ", question) if question is not None else None
    return [question + 1, colon + 1] if colon is not None else None


def at_top_level(text, token, start=0):
    """Where `token` first is in `text` from `start`, at the top level of its brackets; `None` when
    it is not there."""
    depth = 0
    for index in range(start, len(text)):
        if text[index] in "([{":
            depth += 1
        elif text[index] in ")]}":
            depth -= 1
        elif depth == 0 and text.startswith(token, index):
            return index
    return None


# A function, initialiser or subscript declaration, up to its parameter list's `(`.
OVERLOAD = re.compile(r"^([ \t]*)(" + MODIFIERS + r")(?:func\s+([A-Za-z_]\w*)|(init)[?!]?|(subscript))\s*"
                      r"(?:<((?:[^<>\n]|<[^<>\n]*>)*)>\s*)?\(", re.M)


def parameters(text, opening, kind):
    """(label, type text) of each parameter of the list whose `(` is at `opening`; `_` for none (a
    subscript's one name is no label). A type's text has a space only between two words."""
    end = matching(text, opening)
    if end is None:
        return []
    found, pieces, depth, piece = [], [], 0, ""
    for char in text[opening + 1:end - 1]:
        # (The `>` of a function type's `->` closes nothing.)
        depth += 1 if char in "([<" else -1 if char in ")]" or (char == ">" and not piece.endswith("-")) else 0
        if char == "," and depth == 0:
            pieces.append(piece)
            piece = ""
        else:
            piece += char
    if piece.strip():
        pieces.append(piece)
    for piece in pieces:
        names, _, written = piece.partition(":")
        names = names.split()
        if not names:
            continue
        label = names[0] if len(names) == 2 or kind != "subscript" else "_"
        written = re.sub(r"\binout\b|\bsending\b|=.*", "", written)
        # One space between two words (`any Counting`), none elsewhere.
        found.append((label, re.sub(r"(?<!\w) | (?!\w)", "", re.sub(r"\s+", " ", written.strip()))))
    return found


def accepts(lower, higher, generics):
    """Whether a parameter of type `lower` takes every argument one of type `higher` takes: the same
    type, `Any`, an existential or opaque type, a generic parameter of its declaration, or an
    optional of `higher`. (A protocol or a superclass named plainly is not told apart from a
    struct. Where the lower one does not take the argument, the lower layer's call does not compile
    alone, which the compiled check refuses.)"""
    return (lower == higher or lower in ("Any", "AnyObject") or lower.startswith(("any ", "some "))
            or lower in generics or lower == higher + "?")


def overloads(files, where):
    """A declaration that adds, in a higher layer, an overload of a lower layer's function,
    initialiser or subscript (of the same type, or at the top level) with the same argument labels,
    when its first parameter's type is one no lower declaration has, or when a lower one takes every
    argument it takes (`accepts`, parameter by parameter): a lower layer's call with an argument
    whose type its text does not give (`describe(names.count)`) may mean the higher one in the whole
    module and the lower one in its layer alone, which neither check can tell. The higher layer's
    declaration takes another name, as for a shared label (see `check`)."""
    table = {}
    for relative, text in files.items():
        rank = DECLARED_AT.get(relative, rank_of(relative)[0])
        # The top level's declarations (not indented), then each type's and extension's own.
        places = [(None, text, 0)] + [(name, text[start:end], start) for _, name, _, start, end in body_spans(text)]
        for receiver, body, offset in places:
            for match in OVERLOAD.finditer(body):
                if is_private(match.group(2)) or (match.group(1) if receiver is None else depth_at(body, match.start())):
                    continue
                kind = "func" if match.group(3) else "init" if match.group(4) else "subscript"
                listed = parameters(body, match.end() - 1, kind)
                if not listed:
                    continue
                generics = {piece.split(":")[0].strip() for piece in (match.group(6) or "").split(",")}
                key = (receiver, match.group(3) or kind, tuple(label for label, _ in listed))
                number = text.count("\n", 0, offset + match.start()) + 1
                table.setdefault(key, []).append((tuple(written for _, written in listed), generics, rank, relative, number))
    problems = []
    for (receiver, name, labels), entries in sorted(table.items(), key=str):
        for types, _, rank, relative, number in entries:
            # Lower declarations that a layer between sees beside this one: BaseModelKit's layers do
            # not see JSON/'s callers, nor JSON/'s callers BaseModelKit.
            lower = [(others, generics) for others, generics, below, _, _ in entries
                     if below < rank and (rank <= RANKS["JSON"] or max(below, RANKS["Runtime"]) < rank)]
            wider = [others for others, generics in lower
                     if others != types and all(accepts(low, high, generics) for low, high in zip(others, types))]
            if lower and (types[0] not in {others[0] for others, _ in lower} or wider):
                spelled = f"{receiver + '.' if receiver else ''}{name}({''.join(label + ':' for label in labels)})"
                below = ", ".join(sorted({"(" + ", ".join(others) + ")" for others, _ in lower}))
                problems.append(f"{os.path.join(where[relative], relative)}:{number}: {layer_name(rank)} overloads "
                                f"`{spelled}` of a lower layer by its parameters' types (({', '.join(types)}), below: "
                                f"{below}): a call below may mean either; give it another name")
    return problems


def check(roots):
    """The problems of the library whose sources are under `roots` (each holding layer folders; the
    first file of a relative path wins), and how many files were read."""
    files = {}
    where = {}
    for root in roots:
        for path, text in swift_files(root):
            relative = os.path.relpath(path, root)
            if relative not in files:
                files[relative] = stripped(text)
                where[relative] = root
    names, by_type, lifted, own, (inits, init_labels, subscripts, operators, function_labels, typed_calls,
                                   argument_types) = declarations(files)
    operator_uses = [(spelling, re.compile(r"(?<![-+*/%<>=!&|^~?.])" + re.escape(spelling) + r"(?![-+*/%<>=!&|^~?.])"))
                     for spelling in operators]
    results = Types(files, body_spans, depth_at)
    problems = []
    for relative, text in sorted(files.items()):
        rank, layer = rank_of(relative)
        # What the file declares itself, private or not, is its own to use.
        local = {name for name, _ in top_level_names(text)}
        # Every name the file binds itself (members, locals, parameters, closure parameters): a bare
        # use of one of those is the file's own, whatever higher layers declare.
        bound = {name for pattern in BINDINGS for group in pattern.findall(text)
                 for name in re.findall(r"[A-Za-z_]\w*", group)}
        # The functions the file declares, private or local ones too: a call of one of those names
        # may be the file's own.
        own_functions = {match.group(1) for match in re.finditer(r"\bfunc\s+([a-z_]\w*)", text)}
        # The type whose body (declaration or extension) each line is in: `self.count`, and a bare
        # `count` the file binds nowhere, are that type's members there.
        enclosing = {}
        for _, type_name, _, start, end in body_spans(text):
            for number in range(text.count("\n", 0, start) + 1, text.count("\n", 0, end) + 2):
                enclosing[number] = type_name
        chains = Chains(text, bound, enclosing, by_type, results)
        reached = chains.findings(rank, typed_calls, argument_types)
        for number, line in enumerate(text.split("\n"), 1):
            found = dict(reached.get(number, {}))
            inside = enclosing.get(number)
            for match in IDENT.finditer(line) if inside in by_type else ():
                dot, name = match.groups()
                ranks = by_type.ranks(inside, name)
                if not dot and ranks and min(ranks) > rank and name not in bound and name not in local \
                        and not LABEL.match(line, match.end()):
                    found[f"{inside}.{name}"] = min(ranks)
            for match in IDENT.finditer(line):
                dot, name = match.groups()
                # `BaseModelKit.name` is the name itself, qualified by the module.
                if dot and MODULE.search(line, 0, match.start() + 1):
                    dot = ""
                declared = None if name in local else names.get(name)
                bare = not dot and not declared and name not in bound and not LABEL.match(line, match.end())
                if (dot or bare) and not (declared and name[0].isupper()):
                    # A member on a receiver the check cannot name: only a file that sees the
                    # extended type but not the extension is concerned, and only when no type of its
                    # own layer or below declares a member of that name.
                    declared = {lift for lift, typed in lifted.get(name, ()) if typed <= rank < lift}
                    if declared and min(own.get(name, {SURFACE + 1})) <= rank:
                        declared = None
                if declared and min(declared) > rank:
                    found[name] = min(declared)
            for type_name, member in QUALIFIED.findall(line):
                ranks = by_type.ranks(type_name, member)
                if ranks and min(ranks) > rank:
                    found[f"{type_name}.{member}"] = min(ranks)
            for type_name in UNLABELLED_INIT_USE.findall(line):
                # `Type(value)`: every unlabelled initialiser of a type the package declares is higher.
                ranks = inits.get(type_name, {}).get("_")
                if ranks and min(ranks) > rank and type_name in names and type_name not in local:
                    found[f"{type_name}.init(_:)"] = min(ranks)
            for type_name, label in INIT_USE.findall(line):
                ranks = inits.get(type_name, {}).get(label) if type_name else init_labels.get(label)
                if ranks and min(ranks) > rank and not (type_name and type_name in local):
                    found[f"{type_name or ''}.init({label}:)"] = min(ranks)
            for call in CALL.finditer(line):
                # An overload by the type of its unlabelled first argument (`read(5)` where a lower
                # layer declares `read(_ text: String)` and only a higher one `read(_ count: Int)`).
                function, type_name = call.groups()
                callee = ("func", function) if function else ("init", type_name)
                ranks, argument = overload_ranks(argument_types, callee, line, call.end(), chains.kinds)
                # (A bare call in a type's body may be that type's own method of the name.)
                if function and inside in by_type and min(by_type.ranks(inside, function) or {SURFACE + 1}) <= rank:
                    continue
                if ranks and min(ranks) > rank and function not in own_functions and type_name not in local:
                    found[f"{function or type_name + '.init'}(_: {argument})"] = min(ranks)
            for function, label in FUNC_LABEL_USE.findall(line):
                # A call whose name lower layers declare too, by a first label only higher layers
                # declare for it (an overload: `read(high:` where JSON/ has `read(low:`).
                labels = function_labels.get(function, {})
                ranks = labels.get(label)
                if ranks and min(ranks) > rank and function not in own_functions \
                        and any(min(others) <= rank for others in labels.values()):
                    found[f"{function}({label}:)"] = min(ranks)
            for label in SUBSCRIPT_USE.findall(line):
                ranks = subscripts.get(label)
                if ranks and min(ranks) > rank:
                    found[f"subscript({label}:)"] = min(ranks)
            for spelling, pattern in operator_uses:
                if min(operators[spelling]) > rank and pattern.search(line) and not OPERATOR.search(line):
                    found[f"operator {spelling}"] = min(operators[spelling])
            for name, owner in found.items():
                problems.append(f"{os.path.join(where[relative], relative)}:{number}: {layer} uses "
                                f"`{name}`, declared only in {layer_name(owner)} or above")
    return problems + overloads(files, where), len(files)


def main():
    roots = sys.argv[1:] or ROOTS
    problems, count = check(roots)
    status = report(problems,
                    f"{len(problems)} reference(s) go up the layers; see Docs/Architecture.md.",
                    f"Layering: {count} files, no reference goes up the layers.")
    # Then the compiler, which resolves what the text does not tell (imported here: it uses this module).
    import layering_compiled
    return layering_compiled.main(roots) or status


if __name__ == "__main__":
    sys.exit(main())
