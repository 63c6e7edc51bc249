"""Run the engine's tests in a process where Django and the apps cannot be imported.

If any engine module (or engine test) imports Django, ``tournaments`` or ``scoring``, the import
fails here and the run fails: this is the proof that the engine is pure. Exit code 5 (no test
collected) is turned into a failure.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main() -> int:
    # The plugin forbids the imports as soon as it is loaded, here and in every xdist worker
    # (``-n``), which loads the same plugins; the repository root must be importable for it.
    sys.path.insert(0, str(ROOT))
    os.environ["PYTHONPATH"] = os.pathsep.join(
        filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])
    )
    import pytest

    given = sys.argv[1:]
    # Paths on the command line replace the default (the engine's tests): a test of this runner
    # hands it one file.
    paths = (
        []
        if any(Path(a).exists() for a in given if not a.startswith("-"))
        else [str(ROOT / "tests" / "engine")]
    )
    args = [
        *paths,
        "-p",
        "tests.engine_pure_plugin",
        "-p",
        "no:django",
        "-p",
        "no:cacheprovider",
        # Without pytest-django, pyproject's DJANGO_SETTINGS_MODULE is an unknown option here.
        "-W",
        "ignore::pytest.PytestConfigWarning",
        *given,
    ]
    code = int(pytest.main(args))
    if code == 5:
        print("no engine test was collected: failing", file=sys.stderr)
        return 1
    return code


if __name__ == "__main__":
    sys.exit(main())
