"""The module-size rule of docs/architecture.md, and proof that its check can fail.

No module of the project's packages (the engine and the apps of ``INSTALLED_APPS``) is over
500 lines, migrations aside (Django writes them), and every one opens with a docstring saying
what it owns. A module that grows past the limit is split by job (see
``tournaments/models/``, ``tournaments/journal/``); the failure names each offender with
its length so the split starts from the right file. Reads files only: fast, no database.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.foundation.app_lists import project_packages

ROOT = Path(__file__).resolve().parents[2]
# The engine and the apps of INSTALLED_APPS (tests/foundation/app_lists.py): no list to keep.
PACKAGES = project_packages()
MAX_LINES = 500


def _modules(root: Path) -> list[Path]:
    """Every Python module of the apps under ``root``, migrations left out."""
    found: list[Path] = []
    for package in PACKAGES:
        for path in sorted((root / package).rglob("*.py")):
            if "migrations" not in path.relative_to(root).parts:
                found.append(path)
    return found


def oversized(root: Path, limit: int = MAX_LINES) -> list[str]:
    """ "tournaments/models.py: 816 lines" for each module over ``limit`` lines, longest first."""
    sizes = [(len(p.read_text(encoding="utf-8").splitlines()), p) for p in _modules(root)]
    return [
        f"{path.relative_to(root)}: {count} lines"
        for count, path in sorted(sizes, key=lambda s: (-s[0], str(s[1])))
        if count > limit
    ]


def undocumented(root: Path) -> list[str]:
    """The modules that do not open with a docstring (an empty ``__init__.py`` may)."""
    missing = []
    for path in _modules(root):
        text = path.read_text(encoding="utf-8")
        if path.name == "__init__.py" and not text.strip():
            continue
        if ast.get_docstring(ast.parse(text, filename=str(path))) is None:
            missing.append(str(path.relative_to(root)))
    return missing


def test_no_module_is_over_500_lines() -> None:
    assert len(_modules(ROOT)) > 100  # the walk did find the project
    offenders = oversized(ROOT)
    assert not offenders, "modules over 500 lines (split them by job): " + ", ".join(offenders)


def test_every_module_opens_with_a_docstring() -> None:
    missing = undocumented(ROOT)
    assert not missing, "modules without a docstring saying what they own: " + ", ".join(missing)


def _write(root: Path, relative: str, lines: int, docstring: bool = True) -> None:
    path = root / relative
    path.parent.mkdir(parents=True, exist_ok=True)
    head = ['"""A module of the scratch tree."""'] if docstring else []
    body = [f"VALUE_{i} = {i}" for i in range(lines - len(head))]
    path.write_text("\n".join(head + body) + "\n", encoding="utf-8")


@pytest.mark.parametrize(
    ("relative", "lines", "expected"),
    [
        ("tournaments/long.py", 501, ["tournaments/long.py: 501 lines"]),
        ("engine/belote/rules/deep.py", 900, ["engine/belote/rules/deep.py: 900 lines"]),
        ("config/settings_extra.py", 600, ["config/settings_extra.py: 600 lines"]),
        ("tournaments/just_right.py", 500, []),  # the limit itself is allowed
        ("scoring/migrations/0042_big.py", 2000, []),  # migrations are Django's
        ("docs_tools/outside.py", 2000, []),  # not an app: not checked
    ],
)
def test_the_size_check_names_each_offender(
    tmp_path: Path, relative: str, lines: int, expected: list[str]
) -> None:
    _write(tmp_path, "publishing/small.py", 20)
    _write(tmp_path, relative, lines)
    assert oversized(tmp_path) == expected


def test_the_size_check_lists_every_offender_longest_first(tmp_path: Path) -> None:
    _write(tmp_path, "scoring/a.py", 510)
    _write(tmp_path, "standings/b.py", 700)
    _write(tmp_path, "archive/c.py", 120)
    assert oversized(tmp_path) == ["standings/b.py: 700 lines", "scoring/a.py: 510 lines"]


def test_the_docstring_check_names_a_bare_module(tmp_path: Path) -> None:
    _write(tmp_path, "engine/documented.py", 10)
    _write(tmp_path, "engine/bare.py", 10, docstring=False)
    (tmp_path / "engine" / "__init__.py").write_text("", encoding="utf-8")
    assert undocumented(tmp_path) == ["engine/bare.py"]
