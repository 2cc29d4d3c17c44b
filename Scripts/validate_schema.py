#!/usr/bin/env python3
"""Validates JSON documents against a JSON Schema that `Model.jsonSchema()` exported, with Python's
`jsonschema` (Draft 2020-12), and checks that documents meant to fail do fail.

    swift run Demo --schema > /tmp/feed.schema.json
    python3 -B Scripts/validate_schema.py /tmp/feed.schema.json Sources/Demo/Resources/feed.json [--invalid BAD.json ...]

Exits 1 when a document that should validate does not, or one marked --invalid does.
"""
import json
import sys

import jsonschema


def main(arguments):
    if len(arguments) < 2:
        print(__doc__)
        return 2
    with open(arguments[0]) as handle:
        schema = json.load(handle)
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    failures = 0
    expect_valid = True
    checked = 0
    for argument in arguments[1:]:
        if argument == "--invalid":
            expect_valid = False
            continue
        with open(argument) as handle:
            document = json.load(handle)
        errors = sorted(validator.iter_errors(document), key=lambda error: list(error.path))
        checked += 1
        if expect_valid and errors:
            failures += 1
            first = errors[0]
            print(f"{argument}: does not validate at {'/'.join(map(str, first.path))}: {first.message}")
        elif not expect_valid and not errors:
            failures += 1
            print(f"{argument}: validates, but was given as invalid")
    print(f"Schema check: {checked} documents, {failures} unexpected results.")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
