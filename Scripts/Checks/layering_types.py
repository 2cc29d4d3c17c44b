"""What the layering check knows of the types of expressions: enough to follow a member through a
chain (`holder.handle.count`, `make().count`, `handles[0].count`, `$0.count` in `handles.map {`),
read from declarations' text alone.

A type is written as a pair: `("one", "FieldHandle")` for a value of a type the package declares
(optional or not: `?` and `!` in a chain pass through), `("array", "FieldHandle")` for an array of
them, `("dictionary", "FieldHandle")` for a dictionary with such values, `("tuple", (("handle",
("one", "FieldHandle")), …))` for a tuple by its labelled elements, `("enumerated", "FieldHandle")`
for an array's `enumerated()`. Anything else is unknown
(`None`), and a chain stops there: the check then flags nothing rather than guess.
"""
import functools
import re

# The attributes and modifiers before a declaration (`@inlinable package static`, `private(set)`).
MODIFIERS = r"(?:(?:@\w+(?:\([^)]*\))?|[a-z]+(?:\([a-z]+\))?)[ \t]+)*"
TYPE_TEXT = re.compile(r"\s*(?:inout\s+|some\s+|any\s+)?(\[)?\s*(?:any\s+)?([A-Z]\w*)(?:<[^>\n]*>)?\s*(:\s*([A-Z]\w*)(?:<[^>\n]*>)?\s*)?[?!]?\s*(\])?")
# The standard collections written with their element (or value) as a generic argument.
COLLECTION_TEXT = re.compile(r"\s*(?:(Set|Array|ContiguousArray|ArraySlice)\s*<|Dictionary\s*<[^,<>\n]*,)\s*([A-Z]\w*)")
PROPERTY = re.compile(r"^\s+" + MODIFIERS + r"(?:let|var)\s+([a-z_]\w*)\s*:", re.M)
# A stored property without a written type, made by an initialiser (`static let shared = Holder(`,
# `var handles = [FieldHandle<Int>]()`): the type, read by `parse_type`, follows the `=`.
PROPERTY_MADE = re.compile(r"^\s+" + MODIFIERS + r"(?:let|var)\s+([a-z_]\w*)\s*=(?=\s*\[?\s*[A-Z]\w*(?:<[^>\n]*>)?\s*\]?\s*\()", re.M)
# An enumeration's case with associated values (`case one(FieldHandle<Int>)`, `case pair(first: …)`).
PAYLOAD = re.compile(r"^\s*(?:indirect\s+)?case\s+([a-z_]\w*)\s*\(([^()\n]*)\)", re.M)
# The label before a tuple's element, an associated value or an argument (`first: Int`, `at: 3`).
ELEMENT_LABEL = re.compile(r"\s*([a-z_]\w*)\s*:(?!:)")
FUNCTION = re.compile(r"^[ \t]*" + MODIFIERS + r"func\s+([a-z_]\w*)\s*(?:<[^>\n]*>\s*)?\(", re.M)
RETURN = re.compile(r"\s*(?:async\s+)?(?:(?:re)?throws(?:\s*\([^)]*\))?\s+)?(?:async\s+)?->")
# Methods of arrays whose closure gets an element as its first parameter (`$0`, or a name before `in`).
ELEMENT_CLOSURES = {"map", "compactMap", "flatMap", "forEach", "filter", "first", "last", "contains", "allSatisfy",
                    "firstIndex", "lastIndex", "removeAll", "drop", "prefix", "min", "max", "sorted", "partition"}


def parse_type(text):
    """The type written at the start of `text` (`FieldHandle<Int>?`, `[FieldHandle<Int>]`,
    `[String: FieldHandle<Int>]`, `(handle: FieldHandle<Int>, count: Int)`), or `None`."""
    opening = len(text) - len(text.lstrip())
    if text[opening:opening + 1] == "(":
        return parse_tuple(text, opening)
    collection = COLLECTION_TEXT.match(text)
    if collection:
        return ("array" if collection.group(1) else "dictionary", collection.group(2))
    match = TYPE_TEXT.match(text)
    if not match:
        return None
    opening, first, pair, second, closing = match.groups()
    if not opening:
        return ("one", first)
    if not closing:
        return None
    return ("dictionary", second) if pair else ("array", first)


def parse_tuple(text, opening):
    """The tuple type whose `(` is at `opening` of `text`, as `("tuple", ((label, type), …))` for its
    labelled elements, or a function's type as `("closure", its result's type)`; `None` when it has
    no labelled elements, or its result has no type the check reads."""
    end = matching(text, opening)
    if end is None:
        return None
    arrow = RETURN.match(text, end)
    if arrow:
        result = parse_type(text[arrow.end():])
        return ("closure", result) if result else None
    elements = []
    for part in arguments(text[opening + 1:end - 1]):
        label = ELEMENT_LABEL.match(part)
        if label:
            elements.append((label.group(1), parse_type(part[label.end():])))
    return ("tuple", tuple(elements)) if elements else None


def matching(text, opening):
    """The index after the bracket that closes the one at `opening` in `text`, or `None`."""
    pairs = {"(": ")", "[": "]", "{": "}", "<": ">"}
    close, depth = pairs[text[opening]], 0
    for index in range(opening, len(text)):
        if text[index] == text[opening]:
            depth += 1
        elif text[index] == close:
            depth -= 1
            if depth == 0:
                return index + 1
    return None


def add(table, key, value):
    """Records `value` for `key`; a key met with two values is known as neither (`None`)."""
    if key in table and table[key] != value:
        table[key] = None
    else:
        table[key] = value


def function_results(text, at_level):
    """Each function `text` declares where `at_level(its offset)` holds, with its result type (`None`
    when it has none the check can read). A result that is one of the function's generic parameters,
    or an array of it, is `("generic", argument, shape)`: the type comes from the call's argument at
    `argument`, whose declared type is that parameter (`shape` "one") or an array of it ("array")."""
    for match in FUNCTION.finditer(text):
        if at_level(match.start()):
            end = matching(text, match.end() - 1)
            arrow = RETURN.match(text, end) if end else None
            result = parse_type(text[arrow.end():]) if arrow else None
            generic = re.search(r"<([^>\n]*)>", match.group(0))
            if result and result[0] in ("one", "array") and generic and result[1] in re.findall(r"(?:^|,)\s*(\w+)", generic.group(1)):
                result = generic_result(text[match.end():end - 1], result)
            yield match.group(1), result


def generic_result(parameters, result):
    """`result`, a generic parameter or an array of it, as the argument that gives its type: the first
    parameter among `parameters` (a declaration's text between its parentheses) declared as that
    type or an array of it; `None` when there is none."""
    for position, parameter in enumerate(arguments(parameters)):
        declared = parse_type(parameter.split(":", 1)[1]) if ":" in parameter else None
        if declared and declared[1] == result[1] and declared[0] in ("one", "array"):
            return ("generic", position, declared[0], result[0])
    return None


def arguments(text):
    """The comma-separated parts of `text` (a call's arguments or a declaration's parameters), at the
    top level of its brackets."""
    parts, depth, start = [], 0, 0
    for index, character in enumerate(text):
        if character in "([{<":
            depth += 1
        elif character in ")]}" or (character == ">" and text[index - 1] != "-"):
            depth -= 1
        elif character == "," and depth == 0:
            parts.append(text[start:index])
            start = index + 1
    return [*parts, text[start:]] if text.strip() else parts


def instantiated(result, argument):
    """The type of a call whose result is `result`, `("generic", …)`, given `argument`, the type of
    the argument it names; `None` when the argument's type does not fit its parameter's shape."""
    _, _, given, shape = result
    if not argument or argument[0] != given:
        return None
    return (shape, argument[1])


class Types:
    """The declared types of the package's stored properties and the results of its functions, by
    the type that declares them (`None` for top-level functions), and of enumerations' associated
    values, by enumeration and case, in order (`payloads`)."""

    def __init__(self, files, bodies, depth_at):
        self.properties = {}
        self.results = {}
        self.payloads = {}
        for text in files.values():
            for keyword, name, _, start, end in bodies(text):
                body = text[start:end]
                for match in PAYLOAD.finditer(body) if keyword == "enum" else ():
                    types = [parse_type(part[label.end():] if (label := ELEMENT_LABEL.match(part)) else part)
                             for part in arguments(match.group(2))]
                    add(self.payloads, (name, match.group(1)), tuple(types))
                for match in [*PROPERTY.finditer(body), *PROPERTY_MADE.finditer(body)]:
                    if depth_at(body, match.start()) == 0:
                        add(self.properties.setdefault(name, {}), match.group(1), parse_type(body[match.end():]))
                for function, result in function_results(body, lambda index: depth_at(body, index) == 0):
                    add(self.results.setdefault(name, {}), function, result)
            for function, result in function_results(text, lambda index: depth_at(text, index) == 0):
                add(self.results.setdefault(None, {}), function, result)

    @staticmethod
    @functools.lru_cache(maxsize=None)
    def in_file(text):
        """The result types of the functions `text` declares at any depth (local ones too), by name.
        (Kept per text, and not to be changed: the self-test checks the same files again and again.)"""
        results = {}
        for function, result in function_results(text, lambda index: True):
            add(results, function, result)
        return results

    def member(self, owner, name, called):
        """The type of `owner.name` (`owner` a type's name), called or not (a function's result, or
        that of a stored closure); `None` when unknown."""
        if not called:
            return self.properties.get(owner, {}).get(name)
        stored = self.properties.get(owner, {}).get(name)
        return self.results.get(owner, {}).get(name) or (stored[1] if stored and stored[0] == "closure" else None)

    def function(self, name):
        """The result type of the top-level function `name`, when the package declares one."""
        return self.results.get(None, {}).get(name)


def element(kind):
    """The type of an element of `kind`, a collection's type, or `None`."""
    if kind and kind[0] in ("array", "dictionary"):
        return ("one", kind[1])
    return None


# Where a chain starts: a name, `$0` or `$1`, a parenthesised expression (not a call's arguments), or
# an array literal (not a subscript).
CHAIN_START = re.compile(r"(?<![\w.$])(\$[01]\b|[A-Za-z_]\w*)|(?<![\w)\]?!>])(\()|(?<![\w)\]?!>])(\[)")
# A parenthesised expression whose type is written: `(value as! FieldHandle<Int>)`.
CAST = re.compile(r"\bas[!?]?\s+(.*)$")
STEP = re.compile(r"\.\s*([a-z_]\w*)")
KEY_PATH = re.compile(r"\(\s*(?:[a-z]\w*\s*:\s*)?\\\.\s*([a-z_]\w*)")
# The labels of the pairs an `enumerated()` and a dictionary hand to a closure.
PAIRS = {"enumerated": ("offset", "element"), "dictionary": ("key", "value")}
# Properties and methods of arrays that give one element (optional or not).
ELEMENT_RESULTS = {"first", "last", "randomElement", "popLast", "removeFirst", "removeLast", "min", "max"}
# Methods of arrays whose result holds the same elements (as an array, or near enough for a chain).
SAME_ELEMENTS = {"filter", "sorted", "reversed", "shuffled", "prefix", "suffix", "dropFirst", "dropLast", "lazy"}
TRAILING = re.compile(r"\s*\{")
# An element closure: trailing (`.map { each in`, after any arguments) or the first argument
# (`.first(where: { $0`, `.sorted(by: { $0.count < $1.count })`).
CLOSURE = re.compile(r"\s*(?:\([^()]*\)\s*|\(\s*(?:[a-z]\w*\s*:\s*)?(?=\{))?\{\s*(?:\(?\s*([a-z_]\w*)(?:\s*,\s*([a-z_]\w*))?[^{}]*?\bin\b)?")


def walk(line, start, kind, types, closures=None):
    """The steps of the chain that starts at `start` of `line` with a value of type `kind`: yields
    (type before the step, step, index), where a step is a member's name, `[` for a subscript, or
    `""` at the chain's end (`index` then the end); a key path given to an element closure
    (`.map(\\.count)`) is a step from the element. Element closures met on the way (`.map {` on an
    array) are reported to `closures(element type, parameter name or None, the closure's start and
    end in the line, the anonymous parameters that hold the element)`."""
    index = start
    while index < len(line):
        character = line[index]
        if character in "?!":
            index += 1
            continue
        if character == "[":
            end = matching(line, index)
            if end is None:
                return
            yield kind, "[", index
            kind, index = element(kind), end
            continue
        step = STEP.match(line, index)
        if not step:
            break
        name, after = step.group(1), step.end()
        called = line[after:after + 1] == "("
        yield kind, name, index
        # What an element closure gets, as (type, which named parameter has it, the anonymous
        # parameters that do): an array's element; for `reduce`, as `$1` only; an optional's value
        # for `map` and `flatMap`, when the type declares no method of that name; and for the pairs
        # of an `enumerated()` or a dictionary, the pair as `$0` and its element or value as `$1`
        # or the second parameter.
        given = ()
        over_elements = kind and kind[0] == "array" and name in ELEMENT_CLOSURES
        if over_elements:
            given = ((element(kind), 1, ("$0", "$1")),)
        elif kind and kind[0] == "array" and name == "reduce":
            given = ((element(kind), None, ("$1",)),)
        elif kind and kind[0] == "one" and name in ("map", "flatMap") and types.member(kind[1], name, True) is None:
            given = ((kind, 1, ("$0", "$1")),)
        elif kind and kind[0] in PAIRS and name in ELEMENT_CLOSURES:
            first, second = PAIRS[kind[0]]
            value = ("one", kind[1])
            given = ((("tuple", ((first, None), (second, value))), None, ("$0",)), (value, 2, ("$1",)))
        closure = CLOSURE.match(line, after) if given else None
        if closures and closure and "{" in closure.group(0):
            brace = after + closure.group(0).index("{")
            for value, parameter, dollars in given:
                closures(value, parameter and closure.group(parameter), brace, matching(line, brace) or len(line), dollars)
        path = KEY_PATH.match(line, after) if over_elements else None
        if path:
            # A key path from the element (`handles.map(\.count)`) is a step from it.
            yield element(kind), path.group(1), path.start(1)
        if (name == "self" and not called) or (name == "init" and called):
            # `FieldHandle<Int>.self`: the type itself, whose static members are its members here;
            # `.init(…)` on it, a value of it.
            following = kind
        elif kind and kind[0] == "one":
            following = types.member(kind[1], name, called)
        elif kind and kind[0] == "array" and name in ELEMENT_RESULTS:
            following = element(kind)
        elif kind and kind[0] == "dictionary" and name == "values":
            following = ("array", kind[1])
        elif kind and kind[0] == "array" and name == "enumerated":
            following = ("enumerated", kind[1])
        elif kind and kind[0] == "array" and name in SAME_ELEMENTS:
            following = kind
        elif path and name == "map":
            # `holders.map(\.handle)`: an array of the member's values.
            reached = types.member(kind[1], path.group(1), False)
            following = ("array", reached[1]) if reached and reached[0] == "one" else None
        elif kind and kind[0] == "tuple":
            following = dict(kind[1]).get(name)
        else:
            following = None
        if called:
            after = matching(line, after)
            if after is None:
                return
        # A trailing closure closed on the line is part of the step (a brace left open is a body:
        # `if let handle = holder.handle {`).
        trailing = TRAILING.match(line, after)
        closed = matching(line, trailing.end() - 1) if trailing else None
        kind, index = following, closed or after
        if trailing and not closed:
            break
    yield kind, "", index
