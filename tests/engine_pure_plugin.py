"""A pytest plugin that makes importing Django or the apps fail, loaded by
``tests/run_engine_pure.py`` with ``-p``: in the main process and in every xdist worker, which
loads the same plugins, so the proof that the engine is pure holds with ``-n``."""

from __future__ import annotations

import importlib.abc
import sys
import tomllib
from pathlib import Path


def _forbidden() -> tuple[str, ...]:
    """What the engine-pure contract of ``pyproject.toml`` forbids the engine (Django, the
    apps...), and pytest-django: one list, which the foundation test compares with the apps."""
    pyproject = Path(__file__).resolve().parents[1] / "pyproject.toml"
    contracts = tomllib.loads(pyproject.read_text(encoding="utf-8"))["tool"]["importlinter"]
    for contract in contracts["contracts"]:
        if contract["id"] == "engine-pure":
            return (*contract["forbidden_modules"], "pytest_django")
    raise RuntimeError("pyproject.toml has no import-linter contract 'engine-pure'")


FORBIDDEN = _forbidden()


class _Forbid(importlib.abc.MetaPathFinder):
    def find_spec(self, fullname, path=None, target=None):  # type: ignore[no-untyped-def]
        if fullname.split(".")[0] in FORBIDDEN:
            raise ImportError(f"the engine must not import {fullname!r}")
        return None


if not any(isinstance(f, _Forbid) for f in sys.meta_path):
    sys.meta_path.insert(0, _Forbid())
