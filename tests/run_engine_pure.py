"""Run the engine's tests in a process where Django and the apps cannot be imported.

If any engine module (or engine test) imports Django, ``tournaments`` or ``scoring``, the import
fails here and the run fails: this is the proof that the engine is pure. Exit code 5 (no test
collected) is turned into a failure.
"""

from __future__ import annotations

import importlib.abc
import sys
from pathlib import Path

FORBIDDEN = ("django", "tournaments", "scoring", "config", "pytest_django")


class _Forbid(importlib.abc.MetaPathFinder):
    def find_spec(self, fullname, path=None, target=None):  # type: ignore[no-untyped-def]
        if fullname.split(".")[0] in FORBIDDEN:
            raise ImportError(f"the engine must not import {fullname!r}")
        return None


def main() -> int:
    sys.meta_path.insert(0, _Forbid())
    import pytest

    root = Path(__file__).resolve().parent.parent
    args = [
        str(root / "tests" / "engine"),
        "-p",
        "no:django",
        "-p",
        "no:cacheprovider",
        # Without pytest-django, pyproject's DJANGO_SETTINGS_MODULE is an unknown option here.
        "-W",
        "ignore::pytest.PytestConfigWarning",
        *sys.argv[1:],
    ]
    code = int(pytest.main(args))
    if code == 5:
        print("no engine test was collected: failing", file=sys.stderr)
        return 1
    return code


if __name__ == "__main__":
    sys.exit(main())
