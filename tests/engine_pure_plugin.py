"""A pytest plugin that makes importing Django or the apps fail, loaded by
``tests/run_engine_pure.py`` with ``-p``: in the main process and in every xdist worker, which
loads the same plugins, so the proof that the engine is pure holds with ``-n``."""

from __future__ import annotations

import importlib.abc
import sys

FORBIDDEN = (
    "django",
    "tournaments",
    "scoring",
    "standings",
    "publishing",
    "seasons",
    "archive",
    "config",
    "pytest_django",
)


class _Forbid(importlib.abc.MetaPathFinder):
    def find_spec(self, fullname, path=None, target=None):  # type: ignore[no-untyped-def]
        if fullname.split(".")[0] in FORBIDDEN:
            raise ImportError(f"the engine must not import {fullname!r}")
        return None


if not any(isinstance(f, _Forbid) for f in sys.meta_path):
    sys.meta_path.insert(0, _Forbid())
