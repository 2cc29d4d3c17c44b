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
